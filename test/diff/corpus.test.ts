import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CHANGE_CODES } from "../../generator/diff/classify.js";
import { compareModels } from "../../generator/diff/compare.js";
import { CASES } from "./corpus.js";
import { MODEL_CASES } from "./modelCases.js";
import { BASE, editedCopy, loadPair, reportOf, ROOT } from "./harness.js";
import type { Change } from "../../generator/diff/types.js";

const cleanups: (() => void)[] = [];
const triples = (changes: readonly Change[]) => sorted(changes.map((f) => [f.path, f.change, f.severity] as const));
const sorted = (list: readonly (readonly [string, string, string])[]) => list.map((t) => [...t]).sort();
afterAll(() => cleanups.forEach((c) => c()));

describe("the schema diff classifies each change of the corpus", () => {
  it("has at least 40 old/new pairs", () => expect(CASES.length).toBeGreaterThanOrEqual(40));

  it.each(CASES.map((c) => [c.name, c] as const))("%s", async (_name, c) => {
    const shared = editedCopy(c.base ?? []);
    const edited = editedCopy([...(c.base ?? []), ...c.edits]);
    cleanups.push(shared.cleanup, edited.cleanup);
    const [oldDir, newDir] = c.reverse ? [edited.schemas, shared.schemas] : [shared.schemas, edited.schemas];
    const [a, b] = await loadPair(oldDir, newDir);
    const found = compareModels(a.models, b.models);
    expect(triples(found)).toEqual(sorted(c.expect));
    // Every change explains itself in one line, what first and why after.
    for (const f of found) expect(f.message).toMatch(/^[^\n]+: [^\n]+$/);
  });

  it.each(MODEL_CASES.map((c) => [c.name, c] as const))("%s (model edit)", async (_name, c) => {
    const [side] = await loadPair(BASE, BASE);
    const base = side.models.map(c.base ?? ((m) => m));
    expect(triples(compareModels(base, base.map(c.change)))).toEqual(sorted(c.expect));
  });

  it("documents every change code in generator/diff/README.md", () => {
    const readme = readFileSync(join(ROOT, "generator/diff/README.md"), "utf8");
    expect(CHANGE_CODES.filter((code) => !readme.includes(`\`${code}\``))).toEqual([]);
  });

  it("covers every change code", () => {
    const covered = new Set([...CASES, ...MODEL_CASES].flatMap((c) => c.expect.map((e) => e[1])));
    covered.add("exports-removed"); // found by the report from the generated code, tested below
    expect(CHANGE_CODES.filter((code) => !covered.has(code))).toEqual([]);
  });
});

describe("the report", () => {
  /** The whole report (changes and generated-code impact) of the base fixture against it edited. */
  const reportAfter = (edits: Parameters<typeof editedCopy>[0]) => {
    const edited = editedCopy(edits);
    cleanups.push(edited.cleanup);
    return reportOf(BASE, edited.schemas);
  };

  it("counts exports removed with no breaking change found as breaking: an enum made a free value", async () => {
    const report = await reportAfter([
      {
        file: "resources/widget.yaml",
        replace: "family: { type: string, mode: optional, enum: [IPv4, IPv6], caseInsensitive: true,",
        with: "family: { type: string, mode: optional,",
      },
    ]);
    expect(triples(report.changes)).toEqual([
      ["Widget.family", "enum-removed", "info"],
      ["shop", "exports-removed", "breaking"],
    ]);
    expect(report.changes.find((c) => c.change === "exports-removed")!.message).toBe(
      "generated exports removed: WidgetFamily: programs importing them no longer compile",
    );
    expect(report.versions.shop!.bump).toBe("major");
  });

  it("says a new required provider setting fails when the configuration is resolved, not at compile time", async () => {
    const report = await reportAfter([
      {
        file: "provider.yaml",
        replace: "config:\n",
        with: "config:\n  tenant: { type: string, mode: required, env: SHOP_TENANT, description: The tenant. }\n",
      },
    ]);
    expect(report.changes.map((c) => [c.path, c.change, c.message])).toEqual([
      [
        "config.tenant",
        "required-field-added",
        "required input added (string): programs that set it neither as an argument nor through its variable fail when the configuration is resolved",
      ],
    ]);
  });
});
