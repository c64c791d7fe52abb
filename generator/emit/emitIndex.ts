import { breakLongLines } from "../format/breakLines.js";
import { WIDTH } from "../format/lines.js";
import type { PackagePlan } from "../plan/planPackage.js";
import { rootExports, type ModuleExports } from "../plan/rootExports.js";
import { providerFolder } from "./describe.js";
import { header } from "./header.js";

/**
 * The package root as Node loads it. Importing it loads the runtime, the enums and the provider, and
 * stands in for every entity's values: a module is loaded on first use of one of them, so a program
 * using one resource of a 2,000-entity package loads a few modules, not thousands (`lazyModules`).
 * Its types are those of the static root: the package's "types" conditions name static.d.ts, whose
 * `export *` lines tsc reads in half the time it took over this module's declarations (for 2,000
 * entities, 3.3 s of program construction against 5.7 s). A test holds the two roots to the same names.
 *
 * Every value comes through one `require` (which loads ES modules on the Node versions the package
 * supports), the eager ones too: a loader of its own that runs the root (a test runner's, say) then
 * still hands out values of one copy of each module, so `instanceof ValidationError` holds for an
 * error a lazily loaded resource throws. Each value's type is written out (`$port["Port"]`): when
 * inferred, tsc spent seconds printing them into the declarations of a large package.
 *
 * Written as prettier would format it (a line of a shape breakLongLines does not break sends it to prettier).
 */
export function emitIndex(plan: PackagePlan): string {
  const modules = rootExports(plan);
  const names = locals(modules);
  const eager = modules.flatMap((m, i) => (m.eager ? [{ m, local: names[i]! }] : []));
  const lazy = modules.flatMap((m, i) => (m.eager ? [] : [{ m, local: names[i]! }]));
  const lines = [
    `import { createRequire } from "node:module";`,
    // Node cannot require() an ES module that an import() is still loading (nodejs/node#62130), as a
    // program's Promise.all of a subpath and the root would: the root imports what it requires first,
    // so that it waits for such a load, and requires it once it is done.
    ...eager.map(({ m }) => `import "${m.specifier}";`),
    "",
    "const nodeRequire = createRequire(import.meta.url);",
    ...eager.flatMap(({ m, local }) => moduleExports(m, local)),
    // A provider with no entity yet loads nothing lazily.
    ...(lazy.length > 0 ? [...standIns(lazy), ...bindings(lazy)] : []),
  ];
  return header([providerFolder(plan)]) + breakLongLines(lines.join("\n")) + "\n";
}

/**
 * The package root as bundlers read it (the "module" condition): every module re-exported statically,
 * which a bundler tree-shakes down to what a program uses.
 */
export function emitStaticIndex(plan: PackagePlan): string {
  const lines = rootExports(plan).map((m) =>
    m.specifier.startsWith(".")
      ? `export * from "${m.specifier}";`
      : [
          `export { ${m.values.map((v) => v.name).join(", ")} } from "${m.specifier}";`,
          ...(m.types.length ? [`export type { ${m.types.join(", ")} } from "${m.specifier}";`] : []),
        ].join("\n"),
  );
  return header([providerFolder(plan)]) + breakLongLines(lines.join("\n")) + "\n";
}

/** One module's values, read at once (`$local` holds the module), or the stand-ins `$lazy[first]` on, and its types, re-exported. */
function moduleExports(m: ModuleExports, local: string, first?: number): string[] {
  const from = m.specifier;
  return [
    "",
    `type ${local} = typeof import("${from}");`,
    ...(first === undefined ? [`const ${local}: ${local} = nodeRequire("${from}");`] : []),
    ...m.values.flatMap((v, i) => [
      first === undefined
        ? `export const ${v.name}: ${local}["${v.name}"] = ${local}.${v.name};`
        : `export let ${v.name}: ${local}["${v.name}"] = $lazy[${first + i}] as never;`,
      ...(v.kind === "class" || v.kind === "enum" ? [typeAlias(v, from)] : []),
    ]),
    ...(m.types.length ? [`export type { ${m.types.join(", ")} } from "${from}";`] : []),
  ];
}

/**
 * The stand-ins of the modules loaded on first use (`lazyModules`): JSON text of one row a module, its
 * path and its values' names, then each value's export, which reads its stand-in by position.
 */
function standIns(lazy: readonly { m: ModuleExports; local: string }[]): string[] {
  const rows = lazy.map(({ m }) =>
    jsonRow([m.specifier, ...m.values.map((v) => (isCallable(v) ? v.name : `${v.name}:value`))]),
  );
  let first = 0;
  return [
    "",
    "/** Stand-ins for the values of the modules loaded on first use, in the order of the exports below. */",
    "const $lazy = $runtime.lazyModules(",
    "  nodeRequire,",
    "  bind,",
    "  `[",
    rows.join(",\n"),
    "]`,",
    ");",
    ...lazy.flatMap(({ m, local }) => {
      const lines = moduleExports(m, local, first);
      first += m.values.length;
      return lines;
    }),
  ];
}

/**
 * A row of the stand-ins' JSON: `  ["path", "name", …]`, continued on the next line where it would pass
 * the width (JSON allows a line break between items): prettier leaves a template literal's lines as
 * they are, and a line wider than the width would send the root to prettier (formatted.ts).
 */
function jsonRow(items: readonly string[]): string {
  const lines = ["  ["];
  items.forEach((item, i) => {
    const text = JSON.stringify(item) + (i < items.length - 1 ? "," : "]");
    const last = lines.length - 1;
    if (i > 0 && lines[last]!.length + 1 + text.length > WIDTH) lines.push(`    ${text}`);
    else lines[last] += i > 0 ? ` ${text}` : text;
  });
  return lines.join("\n");
}

/**
 * Once a module is loaded, the root's bindings of its values are the values themselves (`===` those of
 * its subpath). One function sets them for every module: a function per module, as this was written
 * before, made compiling a 2,000-entity root a quarter slower (V8 makes each function literal a
 * function of its own, however small).
 */
function bindings(lazy: readonly { m: ModuleExports; local: string }[]): string[] {
  return [
    "",
    "/** Once a module is loaded, the root's bindings of its values are the values themselves (`===` those of its subpath). */",
    "function bind(path: string, m: unknown): void {",
    "  switch (path) {",
    ...lazy.flatMap(({ m, local }) => [
      `    case "${m.specifier}":`,
      `      ({ ${m.values.map((v) => v.name).join(", ")} } = m as ${local});`,
      "      return;",
    ]),
    "  }",
    "}",
  ];
}

/** The type of a class or enum, under its name: `export type Secret<T = string> = import("…").Secret<T>;`. */
function typeAlias(v: ModuleExports["values"][number], from: string): string {
  const params = v.typeParameters ? `<${v.typeParameters}>` : "";
  const args = v.typeParameters ? `<${v.typeParameters.replace(/\s*=[^,]*/g, "")}>` : "";
  return `export type ${v.name}${params} = import("${from}").${v.name}${args};`;
}

const isCallable = (v: ModuleExports["values"][number]) => v.kind === "class" || v.kind === "function";

/**
 * Each module's local name: `$` and its file's name (exported names never start with "$"), with the
 * folder added where two files share a name (a resource or type and a lookup), and `$runtime` (which
 * `load` uses: the first module read) and `$runtime_<protocol>` for the runtime's entries.
 */
function locals(modules: readonly ModuleExports[]): string[] {
  const base = (m: ModuleExports) =>
    m.specifier.startsWith(".")
      ? m.specifier.replace(/^.*\//, "").replace(/\.js$/, "")
      : `runtime${m.specifier.replace(/^[^/]*\/[^/]*/, "").replace(/\W/g, "_")}`;
  const taken = new Map<string, number>();
  for (const m of modules) taken.set(base(m), (taken.get(base(m)) ?? 0) + 1);
  return modules.map((m) =>
    taken.get(base(m))! > 1 ? `$${m.specifier.replace(/^\.\/(\w+)\/(\w+)\.js$/, "$1_$2")}` : `$${base(m)}`,
  );
}
