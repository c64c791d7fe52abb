import * as prettier from "prettier";
import { describe, expect, it } from "vitest";
import { breakLongLines, splitTopLevel } from "../../generator/print/breakLines.js";
import { inStyle } from "../../generator/print/formatted.js";
import { random } from "../fuzz/mutate.mjs";

// Long lines of generated code are broken as prettier breaks them, or left for prettier: whatever
// breakLongLines returns for a module must be what prettier makes of it.
const format = (text: string) =>
  prettier.format(text, { parser: "babel-ts", printWidth: 120, trailingComma: "all", endOfLine: "lf" });

/** The shapes generated modules have, with names of any length. */
function module(rand: () => number): string {
  const word = (min: number) => {
    const parts = ["get", "Api", "Gateway", "Usage", "Plan", "Attachment", "Thing", "Status", "Overview", "Ddos"];
    let s = "";
    while (s.length < min) s += parts[Math.floor(rand() * parts.length)];
    return s;
  };
  const n = () => word(3 + Math.floor(rand() * 45));
  const [a, b, c, d] = [n(), n(), n(), n()];
  const members = Array.from({ length: 2 + Math.floor(rand() * 12) }, () => JSON.stringify(word(3 + rand() * 20)));
  return `import { ${[a, b, c, d].join(", ")} } from "./${b}.js";
import type { ${a}Args, ${b}State } from "./${c}.js";
export type { ${[a, b, c].map((x) => `${x}Result`).join(", ")} } from "./lookups/${c}.js";

export type ${a} = (typeof ${b})[number];
export type ${c} = import("./resources/${c}.js").${c};
export type ${d}Kind = ${members.join(" | ")};

export const ${c} = callee("${c}");
export const ${b}${c} = callee("${b}", ${c}, "${d}");

export interface ${a}Outputs {
  readonly ${b}?: ${members.join(" | ")} | (string & {}) | undefined;
}

export async function ${a}(args: ${a}Args, options: rt.LookupOptions<Provider> = {}): Promise<${b}Result> {
  return rt.invokeLookup<${b}Result>(${c}Descriptor, args, options.provider ?? defaultProvider, options);
}

export class ${b} extends rt.ManagedResource {
  static get(id: string, options: { provider?: Provider | undefined; signal?: AbortSignal | undefined } = {}): Promise<${b}> {
    return rt.getResource(${b}, ${c}Descriptor, id, options.provider ?? defaultProvider, options);
  }
}
`;
}

describe("breakLongLines", () => {
  it("breaks every shape as prettier does, or leaves the module to prettier", async () => {
    const rand = random(7);
    let broken = 0;
    for (let i = 0; i < Number(process.env.BREAK_LINES_RUNS ?? 150); i++) {
      const text = module(rand);
      const out = breakLongLines(text);
      // A module out of style goes to prettier as a whole: only one in style must already be prettier's.
      if (inStyle(out)) {
        expect(out, text).toBe(await format(text));
        broken++;
      }
    }
    expect(broken).toBeGreaterThan(30);
  });

  it("leaves lines of other shapes, and lists that are not balanced, as they are", () => {
    const long = "x".repeat(130);
    for (const line of [
      `foo(a)(${long});`,
      `const f = (a, b) => ${long};`,
      `  if (${long}) {`,
      `foo(${long}, () => 1);`,
    ])
      expect(breakLongLines(line)).toBe(line);
    expect(splitTopLevel('a, (b, c), <d, e>, { f, g }, "h, i"')).toEqual([
      "a",
      "(b, c)",
      "<d, e>",
      "{ f, g }",
      '"h, i"',
    ]);
    expect(splitTopLevel("a)(b")).toBeUndefined();
    expect(splitTopLevel('"A" | (string & {}) | undefined', "|")).toEqual(['"A"', "(string & {})", "undefined"]);
  });
});
