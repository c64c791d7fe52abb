import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { renderJson } from "../../generator/diff/render/json.js";
import { MARKER, renderMarkdown } from "../../generator/diff/render/markdown.js";
import { renderSummary } from "../../generator/diff/render/summary.js";
import type { DiffReport } from "../../generator/diff/types.js";
import { BASE, editedCopy, reportOf, ROOT } from "./harness.js";

const GOLDEN = join(ROOT, "test/diff/golden");

/** Compares with the golden file, or (UPDATE_GOLDEN=1) rewrites it. */
function golden(name: string, text: string) {
  const path = join(GOLDEN, name);
  if (process.env.UPDATE_GOLDEN || !existsSync(path)) {
    mkdirSync(GOLDEN, { recursive: true });
    writeFileSync(path, text);
  }
  expect(text, `${name} differs from test/diff/golden/${name} (UPDATE_GOLDEN=1 accepts)`).toBe(
    readFileSync(path, "utf8"),
  );
}

// A pull request touching every severity, a renamed resource, a shared type and generated names.
const edited = editedCopy([
  { file: "resources/widget.yaml", replace: "enum: [1000, 10000]", with: "enum: [1000, 10000, 100000]" },
  { file: "resources/widget.yaml", replace: "default: false", with: "default: true" },
  { file: "resources/widget.yaml", replace: "maxItems: 5", with: "maxItems: 3" },
  {
    file: "resources/widget.yaml",
    replace: "note: { type: string, mode: optional,",
    with: "note: { type: string, mode: optional, replaceOnChange: Notes are printed on the widget.,",
  },
  {
    file: "resources/widget.yaml",
    replace: "secretKey: { type: string, mode: optional, secret: true,",
    with: "secretKey: { type: string, mode: optional,",
  },
  {
    file: "types/owner.yaml",
    replace: "  phone:",
    with: "  name: { type: string, mode: required, description: Name. }\n  phone:",
  },
  { file: "resources/gadget.yaml", delete: true },
  {
    file: "resources/gizmo.yaml",
    write:
      "version: 1\nkind: resource\nname: Gizmo\ntoken: shop:index/gizmo:Gizmo\ndescription: A gizmo.\nfields:\n  size: { type: integer, mode: required, minimum: 1, description: Size. }\n  gadgetId: { type: string, mode: output, guaranteed: true, description: Identifier. }\nimportId: { unsupported: Gizmos cannot be imported. }\n",
  },
  { file: "provider.yaml", replace: "env: SHOP_REGION", with: "env: SHOP_ZONE" },
  {
    file: "lookups/getWidgets.yaml",
    replace: "  total: { type: integer, description: Number of widgets. }\n",
    with: "  total: { type: integer, description: Number of widgets. }\n  pages: { type: integer, description: Pages. }\n",
  },
]);
afterAll(edited.cleanup);

describe("the schema-diff reports", () => {
  let report: DiffReport;
  it("builds the report", async () => {
    report = await reportOf(BASE, edited.schemas, ["main (0123456789)", "working tree"]);
    expect(report.changes.length).toBeGreaterThan(5);
  });

  it("renders Markdown as the golden file", () => {
    const md = renderMarkdown(report);
    expect(md.split("\n")[0]).toBe(MARKER);
    golden("report.md", md);
  });

  it("renders JSON as the golden file", () => {
    const json = renderJson(report);
    const doc = JSON.parse(json) as {
      version: number;
      summary: { breaking: number; warning: number; info: number };
      changes: unknown[];
    };
    expect(doc.version).toBe(1);
    expect(doc.summary.breaking + doc.summary.warning + doc.summary.info).toBe(doc.changes.length);
    golden("report.json", json);
  });

  it("renders the summary as the golden file", () => golden("summary.txt", renderSummary(report)));

  it("reports the generated-code impact: renamed resource's files and exports", () => {
    const shop = report.impact.shop!;
    expect(shop.filesAdded).toEqual(["src/resources/gizmo.ts"]);
    expect(shop.filesRemoved).toEqual(["src/resources/gadget.ts"]);
    expect(shop.symbolsRemoved).toContain("GadgetArgs");
    expect(shop.symbolsAdded).toContain("GizmoArgs");
    expect(shop.filesChanged).toContain("src/resources/widget.ts");
  });

  it("names where a changed shared type is used", () => {
    expect(report.usedBy.shop?.Owner).toEqual(["Widget.owner"]);
  });
});
