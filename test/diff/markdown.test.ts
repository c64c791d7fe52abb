import { describe, expect, it } from "vitest";
import { MARKER, renderMarkdown } from "../../generator/diff/render/markdown.js";
import { renderSummary } from "../../generator/diff/render/summary.js";
import type { Change, DiffReport, Severity } from "../../generator/diff/types.js";

const change = (i: number, severity: Severity, pkg = "big"): Change => ({
  package: pkg,
  entity: `Thing${String(i).padStart(5, "0")}`,
  kind: "resource",
  path: `Thing${String(i).padStart(5, "0")}.field`,
  change: severity === "breaking" ? "field-removed" : severity === "warning" ? "default-changed" : "field-added",
  severity,
  message: `change number ${i}: ${"a reason that takes some room to explain ".repeat(2)}`,
});

const report = (changes: Change[]): DiffReport => ({
  base: "base",
  head: "head",
  changes,
  impact: {
    big: {
      filesAdded: [],
      filesRemoved: [],
      filesChanged: Array.from({ length: 3000 }, (_, i) => `src/resources/thing${i}.ts`),
      symbolsAdded: Array.from({ length: 3000 }, (_, i) => `Thing${i}Args`),
      symbolsRemoved: [],
    },
  },
  versions: {},
  usedBy: {},
});

describe("the Markdown report", () => {
  // 5,000 changes, breaking ones last in package order: the cap must still show them first.
  const many = [
    ...Array.from({ length: 4000 }, (_, i) => change(i, "info", "aaa")),
    ...Array.from({ length: 900 }, (_, i) => change(i, "warning", "aaa")),
    ...Array.from({ length: 100 }, (_, i) => change(i, "breaking", "zzz")),
  ];
  const md = renderMarkdown(report(many));

  it("stays under 60 KB however many changes there are", () => {
    expect(Buffer.byteLength(md)).toBeLessThan(60_000);
    expect(md).toMatch(/…and \d+ more changes not shown here/);
  });

  it("shows breaking changes before any others when it must leave some out", () => {
    for (let i = 0; i < 100; i++) expect(md).toContain(`change number ${i}:`);
    const shown = md.split("\n").filter((l) => l.includes("change number"));
    expect(shown.length).toBeLessThanOrEqual(200);
    expect(md).toContain("🔴 Breaking (100)");
    expect(md).toContain("🟢 Info (4000)");
  });

  it("starts with the marker and folds long sections", () => {
    expect(md.startsWith(`${MARKER}\n`)).toBe(true);
    expect(md).toContain("<details>\n<summary>🔴 Breaking (100)</summary>");
    expect(md).toContain("and 2980 more");
  });

  it("keeps short sections open and every line short", () => {
    const long = { ...change(1, "warning"), message: `x${"y".repeat(1000)}` };
    const small = renderMarkdown(report([change(2, "breaking"), long]));
    expect(small).toContain("#### 🔴 Breaking (1)");
    expect(small).not.toContain("<summary>🔴");
    const changeLines = small.split("\n").filter((l) => l.startsWith("  - "));
    expect(changeLines).toHaveLength(2);
    expect(Math.max(...changeLines.map((l) => l.length))).toBeLessThan(400);
  });

  it("escapes schema text that would read as HTML, but not inside code", () => {
    const html = { ...change(3, "info"), message: "deprecated (use <new> and `<code>`): fine" };
    const out = renderMarkdown(report([html]));
    expect(out).toContain("use &lt;new&gt; and `<code>`");
  });

  it("says so when nothing changed", () => {
    const none = renderMarkdown({ base: "a", head: "b", changes: [], impact: {}, versions: {}, usedBy: {} });
    expect(none).toContain("**0 breaking, 0 warnings, 0 info**");
    expect(none).toContain("No change to the generated code.");
  });

  it("summarises in one line", () => {
    const line = renderSummary(report(many));
    expect(line).toBe(
      "schema changes: 100 breaking, 900 warnings, 4000 info; generated code: 3000 files changed, 0 added, 0 removed, 3000 exports added, 0 removed\n",
    );
  });
});
