import { describe, expect, it } from "vitest";
import { BASE, modelOf, problems } from "./schemaTree.js";

/** A second resource, Gizmo, whose fields may refer to Widget. */
const gizmo = (fields: string) => ({
  ...BASE,
  "demo/resources/gizmo.yaml": `version: 1
kind: resource
name: Gizmo
token: demo:index/gizmo:Gizmo
description: A gizmo.
fields:
${fields}
  uid: { type: string, mode: output, description: Id. }
importId:
  parts: [{ field: uid, type: string }]
`,
});

describe("references: fields holding another kind's id", () => {
  it("are kept in the model, on nested fields too", () => {
    const model = modelOf(
      gizmo(`  widgetId: { type: string, mode: required, references: [Widget], description: The widget. }
  ends:
    type: list
    mode: optional
    description: Ends.
    items: { type: object, fields: { widgetIds: { type: list, items: { type: integer }, references: [Widget, Gizmo], description: Ids. } } }`),
    );
    const g = model.resources.find((r) => r.name === "Gizmo")!;
    expect(g.fields.find((f) => f.name === "widgetId")!.references).toEqual(["Widget"]);
    const ends = model.types.find((t) => t.name === "GizmoEnds");
    expect(ends?.kind === "object" && ends.fields[0]!.references).toEqual(["Widget", "Gizmo"]);
  });

  it("reports a name that is not a resource, with a suggestion", () => {
    expect(
      problems(gizmo(`  widgetId: { type: string, mode: required, references: [Widgte], description: The widget. }`)),
    ).toEqual(['schemas/demo/resources/gizmo.yaml:7:58: "Widgte" is not a resource of demo (did you mean "Widget"?)']);
  });

  it("resolve against a resource whose own file has problems: those are reported, not a missing resource", () => {
    const tree: Record<string, string> = gizmo(
      `  widgetId: { type: string, mode: required, references: [Widget], description: The widget. }`,
    );
    const widget = tree["demo/resources/widget.yaml"]!;
    expect(widget).toContain("mode: required");
    const found = problems({
      ...tree,
      "demo/resources/widget.yaml": widget.replace("mode: required", "mode: requird"),
    });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^schemas\/demo\/resources\/widget\.yaml:\d+:\d+: "mode" must be one of/);
  });

  it("reports references on a field that cannot hold an id", () => {
    expect(
      problems(gizmo(`  widget: { type: boolean, mode: required, references: [Widget], description: The widget. }`)),
    ).toEqual([
      'schemas/demo/resources/gizmo.yaml:7:56: "references" needs a field holding ids (string, integer or a list of them), not boolean',
    ]);
  });

  it("reports a repeated name through the meta-schema", () => {
    expect(
      problems(gizmo(`  widgetId: { type: string, mode: required, references: [Widget, Widget], description: W. }`))
        .length,
    ).toBe(1);
  });
});
