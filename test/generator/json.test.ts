import { readFileSync } from "node:fs";
import * as prettier from "prettier";
import { describe, expect, it } from "vitest";
import { formatJson } from "../../generator/print/json.js";
import { random } from "../fuzz/mutate.mjs";

const format = (text: string) =>
  prettier.format(text, { parser: "json", printWidth: 120, trailingComma: "all", endOfLine: "lf" });

/** A JSON document of objects, string arrays and scalars, written with random line breaks and blank lines. */
function document(rand: () => number): string {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const word = () => "abcdefghij".repeat(6).slice(0, 1 + Math.floor(rand() * 40));
  const gap = () => pick(["", " ", "\n", "\n  ", "\n\n", "\n\n\n  "]);
  const value = (depth: number): string => {
    const r = rand();
    if (depth < 4 && r < 0.35) {
      const members = Array.from({ length: Math.floor(rand() * 5) }, () => `${gap()}"${word()}": ${value(depth + 1)}`);
      return `{${members.join(",")}${gap()}}`;
    }
    if (r < 0.55)
      return `[${Array.from({ length: Math.floor(rand() * 6) }, () => `${gap()}${pick([`"${word()}"`, "true", "null"])}`).join(",")}${gap()}]`;
    return pick([`"${word()}"`, `"${word()}\\"q\\u0041"`, "12", "-3", "0", "true", "false", "null"]);
  };
  return `{${gap()}"root": ${value(0)},${gap()}"other": ${value(1)}${gap()}}`;
}

describe("formatJson", () => {
  it("prints as prettier does: objects broken in their source stay broken, the rest fits or breaks", async () => {
    const rand = random(11);
    for (let i = 0; i < Number(process.env.JSON_RUNS ?? 300); i++) {
      const text = document(rand);
      expect(formatJson(text), JSON.stringify(text)).toBe(await format(text));
    }
  });

  it("prints the generated packages' JSON files, and leaves to prettier what it does not print", async () => {
    for (const file of ["netsvc/package.json", "netsvc/tsconfig.json", "cloudplat/package.json"]) {
      const text = readFileSync(`generated/${file}`, "utf8");
      const squeezed = JSON.stringify(JSON.parse(text));
      expect(formatJson(text)).toBe(text);
      expect(formatJson(squeezed)).toBe(await format(squeezed));
    }
    for (const text of ['{"a": [1, 2]}', '{"a": 1.5}', '{"a": [{"b": 1}]}', "[1e3]", '"top"', "{", "{} x"])
      expect(formatJson(text), text).toBeUndefined();
  });
});
