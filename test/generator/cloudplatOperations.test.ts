import { describe, expect, it } from "vitest";
import { BASE, problems } from "./schemaTree.js";

// The cloudplat protocol's rule: a resource's operations against $defs/cloudplatOperations, then what
// that shape cannot say, each problem at its file:line:col.
const provider = BASE["demo/provider.yaml"]!.replace("envPrefix: DEMO", "envPrefix: DEMO\nprotocol: cloudplat");

const OPS = `operations:
  create: { service: apigateway, action: CreateWidget, id: Result.WidgetId }
  read: { action: DescribeWidget, request: { WidgetId: "{id}" }, item: Result }
  update: { action: ModifyWidget, request: { WidgetId: "{uid}" }, expect: Result }
  delete: { action: DeleteWidget, request: { WidgetId: "{id}" }, notFound: [ResourceNotFound.InvalidWidget] }
  list: { action: DescribeWidgets, paging: { style: apigateway, list: WidgetSet }, filters: { name: WidgetName } }
`;

const tree = (ops: string, fields = "", importId = "importId:\n  parts: [{ field: uid, type: string }]\n") => ({
  ...BASE,
  "demo/provider.yaml": provider,
  "demo/resources/widget.yaml": `version: 1
kind: resource
name: Widget
token: demo:index/widget:Widget
description: A widget.
fields:
  name: { type: string, mode: required, description: Name. }
  uid: { type: string, mode: output, description: Id. }
${fields}${importId}${ops}`,
});
const FILE = "schemas/demo/resources/widget.yaml";

describe("cloudplat operations", () => {
  it("accepts a complete binding", () => expect(problems(tree(OPS))).toEqual([]));

  it("checks the shape against the meta-schema, with a suggestion", () => {
    expect(problems(tree(OPS.replace("item: Result }", "itme: Result }")))).toEqual([
      `${FILE}:13:66: unknown key "itme" (did you mean "item"?)`,
    ]);
    expect(problems(tree(OPS.replace("style: apigateway", "style: rest")))).toEqual([
      `${FILE}:16:53: "style" must be one of vpc, apigateway, antiddos (got "rest")`,
    ]);
  });

  it("reports a placeholder the operation cannot fill, a missing id path and a filter on no field", () => {
    const ops = OPS.replace('"{uid}"', '"{udi}"')
      .replace(", id: Result.WidgetId", "")
      .replace("filters: { name:", "filters: { nmae:");
    expect(problems(tree(ops))).toEqual([
      `${FILE}:12:3: missing "id": the path of uid (the import id's output part) in the answer`,
      `${FILE}:14:56: {udi} names nothing the update operation knows: it can name {id}, {uid} (did you mean "id"?)`,
      `${FILE}:16:95: "nmae" is not a field (did you mean "name"?)`,
    ]);
  });

  it("reports a read that says both where its object is and that it is paged, and a list that says neither", () => {
    const ops = OPS.replace("item: Result", "item: Result, paging: { style: apigateway, list: WidgetSet }").replace(
      ", paging: { style: apigateway, list: WidgetSet }, filters",
      ", filters",
    );
    expect(problems(tree(ops))).toEqual([
      `${FILE}:13:3: give "item" (one object) or "paging" (a list), not both`,
      `${FILE}:16:3: give "items" (one answer) or "paging" (a paged list), exactly one`,
    ]);
  });

  it("reports an input whose change would go nowhere: no update operation, no replacement, no refusal", () => {
    const ops = OPS.replace(/  update: .*\n/, "");
    expect(problems(tree(ops))).toEqual([
      `${FILE}:7:3: a change to name updates in place, but Widget has no "update" operation: add one, or say replaceOnChange, onChange.reject or onChange.createOnly`,
    ]);
    const rejected = tree(ops);
    rejected["demo/resources/widget.yaml"] = rejected["demo/resources/widget.yaml"]!.replace(
      "mode: required,",
      "mode: required, onChange: { reject: Fixed. },",
    );
    expect(problems(rejected)).toEqual([]);
  });

  it("requires an import id, which is the bound object's id", () => {
    expect(problems(tree(OPS, "", "importId: { unsupported: No import. }\n"))).toEqual([
      `${FILE}:9:11: a resource bound to cloudplat operations needs an import id (\`parts\`): its id is the import id`,
    ]);
  });

  it("routes a change to the kind's update hook only when it has a hooks module, and binds read to a hook", () => {
    const tagged = "  note: { type: string, mode: optional, onChange: { update: hook }, description: N. }\n";
    expect(problems(tree(OPS, tagged))).toEqual([
      `${FILE}:9:61: onChange.update names "hook", which Widget does not have: it can name "update"`,
    ]);
    const module = "export const hooks = { update: async () => undefined, read: async () => undefined };\n";
    const hooked = OPS.replace(/  read: .*\n/, "  read: hook\n") + "hooks: widget\n";
    expect(problems({ ...tree(hooked, tagged), "demo/hooks/widget.ts": module })).toEqual([]);
    expect(problems(tree(OPS.replace("item: Result }", "itme: Result }")))).toEqual([
      `${FILE}:13:66: unknown key "itme" (did you mean "item"?)`,
    ]);
  });
});
