import * as prettier from "prettier";
import { describe, expect, it } from "vitest";
import { Code, literal } from "../../generator/emit/literal.js";
import { random } from "../fuzz/mutate.mjs";

// Descriptor literals skip the formatter, so `literal` must lay them out exactly as prettier would
// format them as first written: objects wider than 80 columns one entry a line, the rest on one line.
const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
function written(value: unknown, indent = ""): string {
  if (value instanceof Code) return value.text;
  const inner = `${indent}  `;
  const layout = (open: string, close: string, parts: string[], pad = "") => {
    if (parts.length === 0) return open + close;
    const flat = `${open}${pad}${parts.join(", ")}${pad}${close}`;
    if (!flat.includes("\n") && flat.length + indent.length <= 80) return flat;
    return `${open}\n${parts.map((p) => `${inner}${p},`).join("\n")}\n${indent}${close}`;
  };
  if (Array.isArray(value))
    return layout(
      "[",
      "]",
      value.map((v) => written(v, inner)),
    );
  if (value !== null && typeof value === "object")
    return layout(
      "{",
      "}",
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => `${IDENT.test(k) ? k : JSON.stringify(k)}: ${written(v, inner)}`),
      " ",
    );
  return JSON.stringify(value);
}

const format = (text: string) =>
  prettier.format(text, { parser: "babel-ts", printWidth: 120, trailingComma: "all", endOfLine: "lf" });

/** Compares with prettier where the layout claims to be exact; returns whether it did. */
async function agrees(name: string, value: unknown): Promise<boolean> {
  // Prettier measures display width (a CJK character takes two columns): printModule sends a
  // statement with non-ASCII code to prettier, so only ASCII layouts must be exact.
  if (!/^[\x00-\x7e]*$/.test(JSON.stringify(value))) return false;
  const prefix = `export const ${name}: rt.Descriptor = `;
  const ours = `${prefix}${literal(value, prefix.length, 1)};\n`;
  expect(ours).toBe(await format(`${prefix}${written(value)};\n`));
  return true;
}

/** Values shaped like descriptors: nested objects and lists of words, sentences, numbers and references. */
function arbitrary(rand: () => number, depth: number): unknown {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const r = rand();
  if (depth > 0 && r < 0.3) {
    const n = Math.floor(rand() * 7);
    const keys = ["kind", "wire", "mode", "type", "constraints", "replaceOnChange", "a", "id", "x-y", "1", "items"];
    return Object.fromEntries(
      Array.from({ length: n }, () => [pick(keys) + pick(["", "", "2", "Name"]), arbitrary(rand, depth - 1)]),
    );
  }
  if (depth > 0 && r < 0.45) {
    const n = Math.floor(rand() * 6);
    const kind = rand();
    return Array.from({ length: n }, () =>
      kind < 0.3
        ? Math.floor(rand() * 200000) - 100
        : kind < 0.5
          ? { field: pick(["uid", "name"]), type: "string" }
          : arbitrary(rand, depth - 1),
    );
  }
  if (r < 0.6) return pick(["string", "required", "a.b[*].c", 'say "hi"', "it's", "a \"b\" 'c'", "tab\there", "名前"]);
  if (r < 0.7)
    return (
      "A sentence long enough to push its line over the edge of the page, " + "word ".repeat(Math.floor(rand() * 20))
    );
  if (r < 0.8) return Math.floor(rand() * 1e6) - 1000;
  if (r < 0.88) return pick([true, false, null]);
  return new Code(pick(["part0Type", "hooks", "Zone", "enums.Speed"]));
}

describe("descriptor literals", () => {
  it("are laid out as prettier formats them, for 400 arbitrary values", async () => {
    const rand = random(5);
    let compared = 0;
    for (let i = 0; i < 400; i++)
      if (
        await agrees("x".repeat(1 + Math.floor(rand() * 60)), {
          kind: "resource",
          fields: arbitrary(rand, 5),
          more: arbitrary(rand, 3),
        })
      )
        compared++;
    expect(compared).toBeGreaterThan(250);
  });

  it("fill a long list of numbers, break lists of objects, and move a long string under its key", async () => {
    await agrees("numbers", { enum: Array.from({ length: 60 }, (_, i) => i * 1000 - 7) });
    await agrees("parts", { parts: [{ field: "uid", type: "string" }, { field: "name" }] });
    await agrees("pairs", {
      parts: [
        { field: "uid", type: "string" },
        { field: "name", type: "string" },
      ],
    });
    await agrees("quoted", { replaceOnChange: `A "quoted" reason ${"word ".repeat(25)}` });
    await agrees("reason", {
      replaceOnChange: `Because ${"very ".repeat(30)}long.`,
      why: `Short key ${"x".repeat(120)}`,
    });
  });
});
