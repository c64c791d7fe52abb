import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { spawnSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { formatDiagnostic, reportLines, SchemaError, type Diagnostic } from "../../generator/diagnostics.js";
import { generatePackages, loadModels } from "../../generator/pipeline.js";
import { PackageStage, WriteError } from "../../generator/write/writeTree.js";
import { BASE, problems, schemaTree } from "./schemaTree.js";
import { fromBuild } from "../fromBuild.js";

const REPO_SCHEMAS = fileURLToPath(new URL("../../schemas", import.meta.url));

// User mistakes, however hostile, are positioned diagnostics: never an internal error, never a stack
// overflow, never a cascade of derived complaints, never megabytes of output.
const GROUP = "demo/types/shared.yaml";
const group = (description: string, head = "") =>
  `${head}version: 1\nkind: group\nname: Shared\ndescription: ${description}\nfields: {}\n`;

/** What loading the tree at `schemas` throws (undefined: nothing). */
function loadError(schemas: string): unknown {
  try {
    loadModels(schemas);
  } catch (e) {
    return e;
  }
  return undefined;
}

describe("hostile schemas", () => {
  it("reports an alias bomb at its first alias", () => {
    let bomb = "a: &a [x, x, x, x, x, x, x, x, x]\n";
    for (let i = 1, prev = "a"; i < 9; prev = `l${i}`, i++) bomb += `l${i}: &l${i} [${Array(9).fill(`*${prev}`)}]\n`;
    expect(problems({ ...BASE, [GROUP]: bomb })).toEqual([
      "schemas/demo/types/shared.yaml:2:10: YAML: aliases expand to more than 1000 nodes (an alias bomb?); write the values out or share less",
    ]);
  });

  it("reports an unresolved alias where it is written", () => {
    expect(problems({ ...BASE, [GROUP]: group("*nope") })).toEqual([
      "schemas/demo/types/shared.yaml:4:14: YAML: alias *nope names no anchor set before it (write &nope on an earlier node)",
    ]);
  });

  it("reports an alias inside the node it names where it is written, as data that would contain itself", () => {
    const loop =
      "version: 1\nkind: group\nname: Shared\ndescription: S.\nfields: &f\n  next: { type: object, mode: optional, description: N., fields: *f }\n";
    expect(problems({ ...BASE, [GROUP]: loop })).toEqual([
      "schemas/demo/types/shared.yaml:6:66: YAML: alias *f is inside the node &f marks, so its value would contain itself; write the values out",
    ]);
  });

  it("reports a second YAML document where it starts, in the schema's words rather than the library's", () => {
    expect(problems({ ...BASE, [GROUP]: `${group("S.")}---\nversion: 2\n` })).toEqual([
      "schemas/demo/types/shared.yaml:6:1: YAML: a schema file holds one YAML document, and a second starts here: remove the `---` or move what follows to a file of its own",
    ]);
  });

  it("reports a 5,000-deep flow sequence once, without exhausting the stack", () => {
    const found = problems({ ...BASE, [GROUP]: group("[".repeat(5000) + "]".repeat(5000)) });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^schemas\/demo\/types\/shared\.yaml:4:\d+: YAML: collections nested too deeply to read/);
  });

  it("reports a non-ASCII name once, without the file-name and token rules deriving from it", () => {
    const widget = BASE["demo/resources/widget.yaml"]!.replace("name: Widget", "name: Wídget");
    expect(problems({ ...BASE, "demo/resources/widget.yaml": widget })).toEqual([
      'schemas/demo/resources/widget.yaml:3:7: "name" "Wídget" breaks the naming rule: type names are PascalCase: an upper-case letter, then letters and digits',
    ]);
  });

  it("refuses, before writing, an inline object whose generated name cannot be a file name", () => {
    let node =
      "{ type: object, mode: optional, description: Leaf., fields: { x: { type: string, mode: optional, description: X. } } }";
    for (let i = 0; i < 60; i++)
      node = `{ type: object, mode: optional, description: L., fields: { level${i}: ${node} } }`;
    const widget = BASE["demo/resources/widget.yaml"]!.replace("fields:\n", `fields:\n  deep: ${node}\n`);
    const found = problems({ ...BASE, "demo/resources/widget.yaml": widget });
    expect(found.length).toBeGreaterThan(0);
    expect(found[0]).toMatch(
      /^schemas\/demo\/resources\/widget\.yaml:7:\d+: generated name WidgetDeepLevel59Level58Level57Level56Le… is \d+ characters long \(at most 200: file names derive from it\); give the inline object a shorter typeName$/,
    );
  });

  it("checks a union whose variant is not a mapping without crashing (found by the fuzzer)", () => {
    const union =
      "version: 1\nkind: union\nname: Shape\ndescription: S.\ndiscriminator: { field: kind, description: K. }\nvariants: { a: null }\n";
    const found = problems({ ...BASE, "demo/types/shape.yaml": union });
    expect(found.length).toBeGreaterThan(0);
    for (const line of found) expect(line).toMatch(/^schemas\/demo\/types\/shape\.yaml:\d+:\d+: /);
  });

  it("reports a repeated key at its second occurrence", () => {
    expect(problems({ ...BASE, [GROUP]: group("One.\ndescription: Two.") })).toEqual([
      'schemas/demo/types/shared.yaml:5:1: YAML: Map keys must be unique ("description" is repeated)',
    ]);
  });

  it("checks an entity that includes a broken group without crashing (found by the fuzzer)", () => {
    const shared =
      "version: 1\nkind: group\nname: Shared\ndescription: S.\nfields:\n  tint: { type: string, mode: optional, enum: Nope, description: T. }\n";
    const widget = BASE["demo/resources/widget.yaml"]!.replace(
      "description: A widget.\n",
      "description: A widget.\ninclude: [Shared]\n",
    );
    const found = problems({ ...BASE, [GROUP]: shared, "demo/resources/widget.yaml": widget });
    expect(found).toEqual(['schemas/demo/types/shared.yaml:6:47: "enum" must be a list (got "Nope")']);
  });

  it("reports a mapping used as a key, instead of a process warning", () => {
    expect(problems({ ...BASE, [GROUP]: group("One.\n{ a: 1 }: x") })).toEqual([
      "schemas/demo/types/shared.yaml:5:1: YAML: a key must be a plain value, not a list or a mapping",
    ]);
  });

  it("bounds what a report prints: each message, and the number of messages", () => {
    const at = { file: "schemas/x.yaml", line: 1, col: 1 };
    const huge: Diagnostic = { ...at, message: `"description" must be a string (got ${"x".repeat(20_000_000)})` };
    const [line] = reportLines([huge]);
    expect(line!.length).toBeLessThan(500);
    expect(line).toMatch(/… \(\d+ more characters\)$/);
    const many = Array.from({ length: 250 }, (_, i) => ({ ...at, line: i + 1, message: "m" }));
    const lines = reportLines(many);
    expect(lines).toHaveLength(101);
    expect(lines.at(-1)).toBe("… and 150 more problems");
  });
});

describe("writing generated files", () => {
  it("a file that cannot be staged says which, and the package's abort leaves the folder as it was", () => {
    const dir = mkdtempSync(join(tmpdir(), "sdkgen-write-"));
    mkdirSync(join(dir, "src"));
    writeFileSync(join(dir, "src", "kept.ts"), "old\n");
    const stage = new PackageStage(dir, true);
    const files = new Map([
      ["src/kept.ts", "new\n"],
      ["src/added.ts", "added\n"],
      [`src/${"n".repeat(300)}.ts`, "too long a name\n"],
    ]);
    let error: unknown;
    try {
      for (const [path, text] of files) stage.stage(path, text);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(WriteError);
    expect((error as Error).message).toMatch(/^could not write .*nnnn\.ts: ENAMETOOLONG$/);
    expect(readdirSync(join(dir, "src")).length).toBeGreaterThan(1); // staged beside the targets
    stage.abort(files.keys());
    expect(readFileSync(join(dir, "src", "kept.ts"), "utf8")).toBe("old\n");
    expect(readdirSync(join(dir, "src"))).toEqual(["kept.ts"]);
  });

  it("replaces files only on commit, and removes the stale ones", () => {
    const dir = mkdtempSync(join(tmpdir(), "sdkgen-write-"));
    mkdirSync(join(dir, "src"));
    writeFileSync(join(dir, "src", "stale.ts"), "stale\n");
    writeFileSync(join(dir, "src", "same.ts"), "same\n");
    const stage = new PackageStage(dir, true);
    stage.stage("src/a.ts", "a\n");
    stage.stage("src/same.ts", "same\n");
    expect(existsSync(join(dir, "src", "a.ts"))).toBe(false);
    const drift = stage.drift(["src/a.ts", "src/same.ts"]);
    expect(drift).toEqual({ added: ["src/a.ts"], changed: [], removed: ["src/stale.ts"] });
    stage.commit(drift);
    expect(readFileSync(join(dir, "src", "a.ts"), "utf8")).toBe("a\n");
    expect(readdirSync(join(dir, "src"))).toEqual(["a.ts", "same.ts"]);
  });

  it("stages a fresh package in a folder of its own, moved into place on commit or removed on abort", () => {
    const files = new Map([
      ["src/index.ts", "index\n"],
      ["src/resources/a.ts", "a\n"],
      ["docs/index.html", "<p>docs</p>\n"],
      ["README.md", "readme\n"],
    ]);
    const staged = () => {
      const dir = mkdtempSync(join(tmpdir(), "sdkgen-write-"));
      mkdirSync(join(dir, "dist")); // not the generator's: a package whose src/ and docs/ are gone is still fresh
      const stage = new PackageStage(dir, true);
      expect(stage.fresh).toBe(true);
      for (const [path, text] of files) stage.stage(path, text);
      expect(readdirSync(dir).sort()).toEqual([`.sdkgen-${process.pid}`, "dist"]);
      return { dir, stage };
    };
    const committed = staged();
    committed.stage.commit(committed.stage.drift(files.keys()));
    expect(readdirSync(committed.dir).sort()).toEqual(["README.md", "dist", "docs", "src"]);
    for (const [path, text] of files) expect(readFileSync(join(committed.dir, path), "utf8")).toBe(text);
    const aborted = staged();
    aborted.stage.abort(files.keys());
    expect(readdirSync(aborted.dir)).toEqual(["dist"]);
  });

  it("removes the staging folder an interrupted run left, and reports it as removed", () => {
    const dir = mkdtempSync(join(tmpdir(), "sdkgen-write-"));
    const dead = spawnSync(process.execPath, ["-e", "0"]).pid!;
    mkdirSync(join(dir, `.sdkgen-${dead}`, "src"), { recursive: true });
    writeFileSync(join(dir, `.sdkgen-${dead}`, "src", "half.ts"), "half a module\n");
    const stage = new PackageStage(dir, true);
    expect(stage.fresh).toBe(false);
    stage.stage("src/a.ts", "a\n");
    const drift = stage.drift(["src/a.ts"]);
    expect(drift.removed).toEqual([`.sdkgen-${dead}`]);
    stage.commit(drift);
    expect(readdirSync(dir).sort()).toEqual(["src"]);
  });
});

// One mistake in one file of the real schemas: every problem reported is in that file. Its other
// documents' checks that read what the broken file says (a protocol, what uses a type) wait for it.
describe("one mistake in the repository's schemas", () => {
  const CASES: [file: string, from: string, to: string][] = [
    ["cloudplat/provider.yaml", "protocol: cloudplat", "protocol: cloudplt"],
    ["netsvc/provider.yaml", "protocol: netsvc", "protocol: netsv"],
    ["cloudplat/provider.yaml", "envPrefix: CLOUDPLAT", "envPrefix: cloudplat"],
    ["netsvc/resources/vxc.yaml", "    mode: required", "    mode: requird"],
    ["cloudplat/resources/apiGatewayApi.yaml", "    mode: required", "    mode: requird"],
    ["netsvc/resources/port.yaml", "    mode: required", "    mode: requird"],
    ["netsvc/lookups/getPartner.yaml", "description: >-", "description:"],
    ["cloudplat/provider.yaml", "description: >-", "description:"],
    ["netsvc/types/vrouterInterface.yaml", "type: string", "type: strin"],
    ["netsvc/types/vxcEnd.yaml", "description: >-", "description:"],
    ["netsvc/types/productCommon.yaml", "mode: required", "mode: requird"],
    ["netsvc/types/productCommon.yaml", "kind: group", "kind: groupx"],
    ["netsvc/types/awsPartnerConfig.yaml", "kind: object", "kind: objectx"],
    ["netsvc/types/vxcPartnerConfig.yaml", "kind: union", "kind: unionx"],
    ["cloudplat/types/lookupCommon.yaml", "fields:", "fields: 5\nx:"],
    ["cloudplat/types/assumeRole.yaml", "name: AssumeRole", "name: AssumeRole x"],
    ["netsvc/resources/port.yaml", "name: Port", "name: Port x"],
    ["netsvc/types/vxcPartnerConfig.yaml", "name: VxcPartnerConfig", "name: VxcPartnerConfig x"],
  ];
  it.each(CASES)("%s (%s -> %s) is reported there only", (file, from, to) => {
    const schemas = join(mkdtempSync(join(tmpdir(), "sdkgen-one-")), "schemas");
    cpSync(REPO_SCHEMAS, schemas, { recursive: true });
    const path = join(schemas, file);
    const text = readFileSync(path, "utf8");
    expect(text).toContain(from);
    writeFileSync(path, text.replace(from, to));
    const error = loadError(schemas);
    expect(error).toBeInstanceOf(SchemaError);
    const files = new Set((error as SchemaError).diagnostics.map((d) => d.file));
    expect([...files]).toEqual([`schemas/${file}`]);
  });

  // generate checks the schemas on its worker while it models them: a model made of schemas that fail
  // (the provider's missing description makes modelling throw) must give way to their report.
  it.each(CASES)("%s (%s -> %s) is reported the same by generate, and nothing is written", async (file, from, to) => {
    const { regenerate } = await fromBuild<typeof import("../../generator/pipeline.js")>("pipeline.js");
    const schemas = join(mkdtempSync(join(tmpdir(), "sdkgen-one-")), "schemas");
    cpSync(REPO_SCHEMAS, schemas, { recursive: true });
    const path = join(schemas, file);
    writeFileSync(path, readFileSync(path, "utf8").replace(from, to));
    const out = join(schemas, "../out");
    const error = await regenerate(schemas, out, { check: false }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect((error as SchemaError).diagnostics).toEqual((loadError(schemas) as SchemaError).diagnostics);
    expect(existsSync(out)).toBe(false);
  });

  it("a misspelt field group is one problem, not also each field looked up in it", () => {
    const schemas = join(mkdtempSync(join(tmpdir(), "sdkgen-one-")), "schemas");
    cpSync(REPO_SCHEMAS, schemas, { recursive: true });
    const port = join(schemas, "netsvc/resources/port.yaml");
    writeFileSync(port, readFileSync(port, "utf8").replace("include: [ProductCommon", "include: [ProductComon"));
    const error = loadError(schemas);
    expect((error as SchemaError).diagnostics.map((d) => d.message)).toEqual([
      'unknown field group "ProductComon" (did you mean "ProductCommon"?)',
    ]);
  });

  it("the README's test declaring a resource that is not one is said at package.testing.resource", () => {
    const schemas = join(mkdtempSync(join(tmpdir(), "sdkgen-one-")), "schemas");
    cpSync(REPO_SCHEMAS, schemas, { recursive: true });
    const provider = join(schemas, "netsvc/provider.yaml");
    writeFileSync(provider, readFileSync(provider, "utf8").replace("resource: Port", "resource: Prot"));
    const error = loadError(schemas);
    expect((error as SchemaError).diagnostics.map((d) => [d.file, d.message])).toEqual([
      [
        "schemas/netsvc/provider.yaml",
        'package.testing.resource: "Prot" is no resource bound to operations of netsvc (did you mean "Port"?)',
      ],
    ]);
  });
});

describe("exceptVariants", () => {
  const tree = (ref: string) => ({
    ...BASE,
    "demo/types/part.yaml":
      "version: 1\nkind: object\nname: Part\ndescription: A part.\nfields:\n  size: { type: integer, mode: optional, description: Size. }\n",
    "demo/resources/widget.yaml": BASE["demo/resources/widget.yaml"]!.replace(
      "  uid: {",
      `  part: { type: object, ref: ${ref}, mode: optional, replaceOnChange: { reason: Fixed., exceptVariants: [a] }, description: P. }\n  uid: {`,
    ),
  });
  it("sits on a field whose type is a union; an unknown type is reported by its name only", () => {
    expect(problems(tree("Part"))).toEqual([
      expect.stringMatching(/widget\.yaml:\d+:\d+: exceptVariants applies to a field whose type is a union$/),
    ]);
    expect(problems(tree("Prat"))).toEqual([
      expect.stringMatching(/widget\.yaml:\d+:\d+: unknown type "Prat" \(did you mean "Part"\?\)$/),
    ]);
  });
});

describe("text from schemas in generated comments", () => {
  it("cannot end a doc comment: a default holding */ is written escaped", async () => {
    const widget = BASE["demo/resources/widget.yaml"]!.replace(
      "fields:\n",
      'fields:\n  glob: { type: string, mode: optional, default: "a*/b", description: A glob. }\n',
    );
    const [pkg] = await generatePackages(loadModels(schemaTree({ ...BASE, "demo/resources/widget.yaml": widget })));
    const text = pkg!.files.get("src/resources/widget.ts")!;
    expect(text).toContain("@defaultValue `a*&#47;b`");
    // Every comment opened is closed where the generator closes it: no */ inside one.
    for (const comment of text.match(/\/\*\*[^]*?\*\//g) ?? []) expect(comment.slice(3, -2)).not.toContain("*/");
  });
});

describe("schema files that cannot be read", () => {
  it("are each a diagnostic at the file, saying why, never an internal error", () => {
    const dir = schemaTree(BASE);
    mkdirSync(join(dir, "demo/types/folder.yaml"), { recursive: true });
    symlinkSync(join(dir, "demo/types/nowhere.yaml"), join(dir, "demo/types/dangling.yaml"));
    symlinkSync(join(dir, "demo/types/loop.yaml"), join(dir, "demo/types/loop.yaml"));
    const error = loadError(dir);
    expect(error).toBeInstanceOf(SchemaError);
    expect((error as SchemaError).diagnostics.map((d) => `${d.file}: ${d.message}`)).toEqual([
      "schemas/demo/types/dangling.yaml: cannot be read: it does not exist (a link to nothing?)",
      "schemas/demo/types/folder.yaml: cannot be read: it is a folder, not a file",
      "schemas/demo/types/loop.yaml: cannot be read: it is a link that leads back to itself",
    ]);
  });

  it("refuses bytes that are not UTF-8 where they are, rather than reading them as U+FFFD", () => {
    const dir = schemaTree({ ...BASE, [GROUP]: group("Sh\ufffdred."), "demo/hooks/widget.ts": "" });
    const widget = BASE["demo/resources/widget.yaml"]!.replace("A widget.", "A caf\u00e9 widget.");
    // Latin-1: é is the one byte 0xE9; a U+FFFD the file really holds is text like any other.
    writeFileSync(join(dir, "demo/resources/widget.yaml"), Buffer.from(widget, "latin1"));
    writeFileSync(join(dir, "demo/hooks/widget.ts"), Buffer.from([0x2f, 0x2f, 0x20, 0xc3, 0x28, 0x0a]));
    const error = loadError(dir);
    expect(error).toBeInstanceOf(SchemaError);
    expect((error as SchemaError).diagnostics.map(formatDiagnostic)).toEqual([
      "schemas/demo/hooks/widget.ts:1:4: not UTF-8 text: byte 0xC3 starts no UTF-8 character here; save the file as UTF-8",
      "schemas/demo/resources/widget.yaml:5:19: not UTF-8 text: byte 0xE9 starts no UTF-8 character here; save the file as UTF-8",
    ]);
  });

  it("reads a file that starts with a byte order mark as without it, positioned as an editor shows it", () => {
    // A problem on the mark's line: at the column it has without the mark, as editors count.
    const widget = BASE["demo/resources/widget.yaml"]!.replace("version: 1", "version: 2");
    expect(problems({ ...BASE, "demo/resources/widget.yaml": `\uFEFF${widget}` })).toEqual(
      problems({ ...BASE, "demo/resources/widget.yaml": widget }),
    );
    expect(problems({ ...BASE, "demo/resources/widget.yaml": `\uFEFF${widget}` })[0]).toMatch(/widget\.yaml:1:10: /);
    const [model] = loadModels(
      schemaTree({ ...BASE, "demo/resources/widget.yaml": `\uFEFF${BASE["demo/resources/widget.yaml"]}` }),
    );
    expect(model!.resources.map((r) => r.name)).toEqual(["Widget"]);
  });
});

describe("a field group included twice", () => {
  it("is one problem at the second mention, not each of its fields colliding with itself", () => {
    const shared =
      "version: 1\nkind: group\nname: Shared\ndescription: Shared.\nfields:\n  a: { type: string, mode: optional, description: A. }\n  b: { type: string, mode: optional, description: B. }\n";
    const widget = BASE["demo/resources/widget.yaml"]!.replace("fields:\n", "include: [Shared, Shared]\nfields:\n");
    expect(problems({ ...BASE, [GROUP]: shared, "demo/resources/widget.yaml": widget })).toEqual([
      "schemas/demo/resources/widget.yaml:6:19: group Shared is included twice; list it once",
    ]);
  });
});

describe("a field group's problem", () => {
  it("is said once for all the entities including the group", () => {
    const shared =
      "version: 1\nkind: group\nname: Shared\ndescription: Shared.\nfields:\n  a: { type: string, mode: optional, onlyWhen: { field: nope, equals: x }, description: A. }\n";
    const widget = BASE["demo/resources/widget.yaml"]!.replace("fields:\n", "include: [Shared]\nfields:\n");
    const gadget = widget.replaceAll("Widget", "Gadget").replace("widget:", "gadget:");
    expect(
      problems({
        ...BASE,
        [GROUP]: shared,
        "demo/resources/widget.yaml": widget,
        "demo/resources/gadget.yaml": gadget,
      }),
    ).toEqual([
      // Checked in the group itself, and as one of each including entity's fields (once for all of them).
      'schemas/demo/types/shared.yaml:6:57: onlyWhen names unknown field "nope"',
      'schemas/demo/types/shared.yaml:6:57: onlyWhen names unknown field "nope" (did you mean "name"?)',
    ]);
  });
});
