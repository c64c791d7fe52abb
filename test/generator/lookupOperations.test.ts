import { describe, expect, it } from "vitest";
import { BASE, modelOf, problems, providerWithProtocol } from "./schemaTree.js";

// A lookup's operation: its provider's protocol interprets it, its shape is `$defs/<protocol>Lookup`,
// its placeholders and filters name inputs, and (netsvc) no input goes nowhere.
const withProtocol = providerWithProtocol;

const lookup = (inputs: string, operation: string) => `version: 1
kind: lookup
name: getWidgets
token: demo:index/getWidgets:getWidgets
description: Widgets.
inputs:
  serviceId: { type: string, mode: required, description: Service. }
${inputs}outputs:
  id: { type: string, guaranteed: true, description: Id. }
  widgets:
    type: list
    wireName: WidgetSet
    items: { type: object, typeName: WidgetSummary, fields: { widgetId: { type: string, description: Id. } } }
    description: Widgets.
${operation}`;

const tree = (protocol: string | undefined, inputs: string, operation: string, extra: Record<string, string> = {}) => ({
  ...BASE,
  ...(protocol && { "demo/provider.yaml": withProtocol(protocol) }),
  "demo/lookups/getWidgets.yaml": lookup(inputs, operation),
  ...extra,
});
const FILE = "schemas/demo/lookups/getWidgets.yaml";

const CLOUDPLAT = `operation:
  service: apigateway
  action: DescribeWidgets
  filters: { name: WidgetName }
  paging: { style: apigateway, list: WidgetSet }
  identifiedBy: ["WidgetSet[].WidgetId"]
  id: { hash: items }
`;
const NAME = "  name: { type: string, mode: optional, description: Name. }\n";

describe("lookup operations", () => {
  it("accept a complete cloudplat binding, kept in the model", () => {
    const files = tree("cloudplat", NAME, CLOUDPLAT);
    expect(problems(files)).toEqual([]);
    expect(modelOf(files).lookups[0]!.operation).toMatchObject({ action: "DescribeWidgets", id: { hash: "items" } });
  });

  it("need the provider's protocol", () => {
    expect(problems(tree(undefined, NAME, CLOUDPLAT))).toEqual([
      `${FILE}:16:1: a lookup bound to an operation needs its provider's \`protocol\` to interpret it`,
    ]);
  });

  it("check the shape against the meta-schema, with a suggestion", () => {
    expect(problems(tree("cloudplat", NAME, CLOUDPLAT.replace("paging:", "pagng:")))).toEqual([
      `${FILE}:20:3: unknown key "pagng" (did you mean "paging"?)`,
    ]);
  });

  it("name inputs in filters, request placeholders and the id", () => {
    const op = CLOUDPLAT.replace("{ name: WidgetName }", "{ nam: WidgetName }")
      .replace("id: { hash: items }", 'id: "{serviceId}#{nme}"')
      .replace("  paging:", '  request: { Region: "{regoin}" }\n  paging:');
    expect(problems(tree("cloudplat", NAME, op))).toEqual([
      `${FILE}:19:14: "nam" is not an input (did you mean "name"?)`,
      `${FILE}:20:22: {regoin} names no input of the lookup: it can name {serviceId}, {name}`,
      `${FILE}:23:7: {nme} names no input of the lookup: it can name {serviceId}, {name} (did you mean "name"?)`,
    ]);
  });

  it("hash items only where identifiedBy says which", () => {
    expect(problems(tree("cloudplat", NAME, CLOUDPLAT.replace(/ {2}identifiedBy.*\n/, "")))).toEqual([
      `${FILE}:21:7: an id hashed from the items needs "identifiedBy": the paths of their ids`,
    ]);
  });

  it("netsvc: an input neither in the path nor handed to a hook goes nowhere, and says what to add", () => {
    const op = 'operation: { path: "/v2/services/{serviceId}/widgets", into: WidgetSet, id: "{serviceId}" }\n';
    expect(problems(tree("netsvc", NAME, op))).toEqual([
      `${FILE}:8:3: input "name" goes nowhere: the lookup's path does not name it and it has no hook; place it in the path ({name}), add a hook, or say why it is notSent`,
    ]);
    expect(problems(tree("netsvc", "", op))).toEqual([]);
  });

  it("an operation bound to a hook needs a hooks module; cloudplat binds an action", () => {
    expect(problems(tree("netsvc", "", "operation: hook\n"))).toEqual([
      `${FILE}:15:12: the operation is bound to a hook, but the lookup names no \`hooks\` module`,
    ]);
    expect(problems(tree("cloudplat", "", "operation: hook\n"))).toContain(
      `${FILE}:15:12: a cloudplat lookup binds an action; its hook can only complete the answer (\`answer\`)`,
    );
  });
});
