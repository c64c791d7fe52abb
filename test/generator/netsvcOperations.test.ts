import { describe, expect, it } from "vitest";
import { BASE, problems, providerWithProtocol } from "./schemaTree.js";

// The netsvc protocol's rule: a resource's operations against $defs/netsvcOperations, then what that
// shape cannot say (path placeholders, the order's parent, no input's change going nowhere), each
// problem at its file:line:col.
const provider = providerWithProtocol("netsvc");

const OPS = `operations:
  create: { order: { set: { productType: WIDGET } } }
  read: { product: {} }
  update: { method: PUT, path: "/v2/product/widget/{id}" }
  delete: { cancel: now }
  list: { products: { type: WIDGET } }
`;

const tree = (ops: string, fields = "") => ({
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
${fields}importId:
  parts: [{ field: uid, type: string }]
${ops}`,
});
const FILE = "schemas/demo/resources/widget.yaml";

describe("netsvc operations", () => {
  it("accepts a complete binding, and a plain new field needs nothing", () => {
    expect(problems(tree(OPS))).toEqual([]);
    expect(problems(tree(OPS, "  colour: { type: string, mode: optional, description: Colour. }\n"))).toEqual([]);
  });

  it("checks the shape against the meta-schema, with a suggestion", () => {
    expect(problems(tree(OPS.replace("  update:", "  updte:")))).toEqual([
      `${FILE}:14:3: unknown key "updte" (did you mean "update"?)`,
    ]);
  });

  it("reports a path placeholder the operation cannot fill, and an order parent that is no input", () => {
    const ops = OPS.replace("{id}", "{idd}").replace("order: { set:", "order: { parent: port, set:");
    expect(problems(tree(ops))).toEqual([
      `${FILE}:12:30: order parent "port" names no input`,
      `${FILE}:14:32: {idd} names nothing the update operation knows (did you mean "id"?)`,
    ]);
  });

  it("makes a silent drop impossible: an input whose change goes nowhere is an error that says what to add", () => {
    const noUpdate = OPS.replace(/  update: .*\n/, "");
    expect(problems(tree(noUpdate))).toEqual([
      `${FILE}:7:3: a change to name updates in place, but Widget has no "update" operation: add one, or say replaceOnChange, onChange.reject or onChange.createOnly`,
    ]);
    const tagged = "  note: { type: string, mode: optional, onChange: { update: tags }, description: N. }\n";
    expect(problems(tree(OPS, tagged))).toEqual([
      `${FILE}:9:61: onChange.update names "tags", which Widget does not have: it can name "update"`,
    ]);
    const decided =
      "  size: { type: integer, mode: optional, replaceOnChange: Fixed., description: S. }\n" +
      "  kind: { type: string, mode: optional, onChange: { reject: Fixed at order. }, description: K. }\n";
    // Inputs that say what a change does need no update operation: only "name" is reported.
    expect(problems(tree(noUpdate, decided))).toEqual([
      `${FILE}:7:3: a change to name updates in place, but Widget has no "update" operation: add one, or say replaceOnChange, onChange.reject or onChange.createOnly`,
    ]);
  });

  it("holds hooks to a module: a named module must exist, and an operation bound to a hook needs one", () => {
    const hooked = OPS.replace("read: { product: {} }", "read: hook");
    expect(problems(tree(hooked))).toEqual([
      `${FILE}:13:9: the read operation is bound to a hook, but the resource names no \`hooks\` module`,
    ]);
    expect(problems(tree(`${hooked}hooks: widgit\n`))).toEqual([
      `${FILE}:17:8: hooks names no module: expected schemas/demo/hooks/widgit.ts`,
    ]);
    const module = "export const hooks = { read: async () => undefined };\n";
    expect(problems({ ...tree(`${hooked}hooks: widgit\n`), "demo/hooks/widget.ts": module })).toEqual([
      `${FILE}:17:8: hooks names no module: expected schemas/demo/hooks/widgit.ts (did you mean "widget"?)`,
    ]);
    expect(problems({ ...tree(`${hooked}hooks: widget\n`), "demo/hooks/widget.ts": module })).toEqual([]);
  });

  it("holds every hook module to a kind that names it: one left behind by a removed kind would not compile", () => {
    const module = "export const hooks = { read: async () => undefined };\n";
    expect(problems({ ...tree(OPS), "demo/hooks/gadget.ts": module })).toEqual([
      "schemas/demo/hooks/gadget.ts:1:1: no resource or lookup names this hook module (`hooks: gadget`): name it, or remove the file",
    ]);
  });
});
