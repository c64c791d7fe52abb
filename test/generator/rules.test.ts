import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { RULES } from "../../generator/validate/rules/index.js";

/** The items of schemas/README.md's "Checks beyond the meta-schema" list. */
function documentedChecks(): string[] {
  const readme = readFileSync(new URL("../../schemas/README.md", import.meta.url), "utf8");
  const section = readme.split(/^## /m).find((s) => s.startsWith("Checks beyond the meta-schema"));
  if (!section) throw new Error('schemas/README.md has no "Checks beyond the meta-schema" section');
  return section.split("\n").filter((line) => line.startsWith("- "));
}

describe("validation rules", () => {
  it("are the checks schemas/README.md lists, one to one, in its order and words", () => {
    expect(documentedChecks()).toEqual(RULES.map((r) => `- \`${r.id}\`: ${r.description}`));
  });

  it("have unique kebab-case ids and one-line descriptions", () => {
    expect(new Set(RULES.map((r) => r.id)).size).toBe(RULES.length);
    for (const r of RULES) {
      expect(r.id).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(r.description).not.toMatch(/\n/);
    }
  });
});
