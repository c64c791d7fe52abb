import { describe, expect, it } from "vitest";
import { BASE, NETSVC_SETTINGS, problems } from "./schemaTree.js";

const widget = (fields: string, extra = "") => ({
  ...BASE,
  "demo/resources/widget.yaml": `version: 1
kind: resource
name: Widget
token: demo:index/widget:Widget
description: A widget.
fields:
${fields}
importId:
  parts: [{ field: uid, type: string }]
${extra}`,
});
const UID = "  uid: { type: string, mode: output, description: Id. }";

describe("schema diagnostics: every problem at once, as file:line:col: message", () => {
  it("accepts the base tree", () => expect(problems(BASE)).toEqual([]));

  it("reports a YAML syntax error at its position", () => {
    const found = problems({ ...BASE, "demo/resources/widget.yaml": "version: 1\nkind: resource\nname: [Widget\n" });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^schemas\/demo\/resources\/widget\.yaml:4:1: YAML: /);
  });

  it("reports a provider.yaml that does not parse by its YAML problem alone, not also as missing", () => {
    const found = problems({ ...BASE, "demo/provider.yaml": "version: 1\nkind: [provider\n" });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^schemas\/demo\/provider\.yaml:3:1: YAML: /);
    expect(problems(Object.fromEntries(Object.entries(BASE).filter(([f]) => f !== "demo/provider.yaml")))).toEqual([
      'schemas/demo/provider.yaml:1:1: provider "demo" has no provider.yaml',
    ]);
  });

  it("reports an unknown key with a suggestion", () => {
    expect(problems(widget(`  name: { type: string, mode: required, descripton: Name. }\n${UID}`))).toEqual([
      'schemas/demo/resources/widget.yaml:7:3: missing required key "description" in "name"',
      'schemas/demo/resources/widget.yaml:7:41: unknown key "descripton" (did you mean "description"?)',
    ]);
  });

  it("reports a wrong type", () => {
    expect(
      problems(widget(`  name: { type: integer, mode: required, minimum: ten, description: Name. }\n${UID}`)),
    ).toEqual(['schemas/demo/resources/widget.yaml:7:51: "minimum" must be a number (got "ten")']);
  });

  it("reports an unknown enum keyword value with a suggestion", () => {
    expect(problems(widget(`  name: { type: string, mode: requird, description: Name. }\n${UID}`))).toEqual([
      'schemas/demo/resources/widget.yaml:7:31: "mode" must be one of required, optional, optional-computed, output (got "requird") (did you mean "required"?)',
    ]);
  });

  it("reports a duplicate entity across files, after case conversion", () => {
    const found = problems({
      ...BASE,
      "demo/types/widget.yaml": "version: 1\nkind: object\nname: WIDGET\ndescription: Clash.\nfields: {}\n",
    });
    expect(found).toContain(
      'schemas/demo/types/widget.yaml:3:7: name "WIDGET" collides with "Widget" in schemas/demo/resources/widget.yaml; entity names must differ after case conversion',
    );
  });

  it.each([
    ["a copy under another name", "demo/types/gadget2.yaml"],
    ["a copy named in PascalCase", "demo/types/Gadget.yaml"],
  ])("reports a type defined twice: %s", (_what, copy) => {
    const gadget = "version: 1\nkind: object\nname: Gadget\ndescription: A part.\nfields: {}\n";
    const found = problems({ ...BASE, "demo/types/gadget.yaml": gadget, [copy]: gadget });
    expect(found).toContain(
      `schemas/${copy}:3:7: object "Gadget" belongs in a file named gadget.yaml (found ${copy.split("/").pop()})`,
    );
    expect(found.some((p) => p.includes('name "Gadget" collides with "Gadget"'))).toBe(true);
  });

  it("shows a key holding a carriage return escaped, so the line keeps its file:line:col", () => {
    const widget = BASE["demo/resources/widget.yaml"]!.replace(
      "description: A widget.",
      'description: A widget.\n"x\\ry": 1',
    );
    expect(problems({ ...BASE, "demo/resources/widget.yaml": widget })).toEqual([
      'schemas/demo/resources/widget.yaml:6:1: unknown key "x\\ry"',
    ]);
  });

  it("reports a field group defined twice", () => {
    const group = "version: 1\nkind: group\nname: Common\ndescription: Shared.\nfields: {}\n";
    const found = problems({ ...BASE, "demo/types/common.yaml": group, "demo/types/common2.yaml": group });
    expect(found.some((p) => p.startsWith('schemas/demo/types/common2.yaml:3:7: name "Common" collides'))).toBe(true);
  });

  it("reports a duplicate field after case conversion", () => {
    expect(
      problems(
        widget(
          `  name: { type: string, mode: required, description: Name. }\n  NAME: { type: string, mode: optional, description: Again. }\n${UID}`,
        ),
      ),
    ).toContain(
      'schemas/demo/resources/widget.yaml:8:3: name "NAME" breaks the naming rule: field names are camelCase: a lower-case letter, then letters and digits',
    );
  });

  it("reports an unresolved reference with a suggestion", () => {
    const gadget =
      "version: 1\nkind: object\nname: Gadget\ndescription: A gadget.\nfields:\n  a: { type: string, description: A. }\n";
    expect(
      problems({
        ...widget(`  part: { type: object, ref: Gadgte, mode: optional, description: Part. }\n${UID}`),
        "demo/types/gadget.yaml": gadget,
      }),
    ).toEqual(['schemas/demo/resources/widget.yaml:7:30: unknown type "Gadgte" (did you mean "Gadget"?)']);
  });

  it("reports a default outside its enum", () => {
    expect(
      problems(
        widget(`  size: { type: string, mode: optional, enum: [s, l], default: m, description: Size. }\n${UID}`),
      ),
    ).toEqual(['schemas/demo/resources/widget.yaml:7:64: default must be one of s, l (got "m")']);
  });

  it("reports replace-on-change on an output", () => {
    expect(
      problems(widget(`  uid: { type: string, mode: output, replaceOnChange: Never., description: Id. }`)),
    ).toEqual([
      'schemas/demo/resources/widget.yaml:7:55: replaceOnChange applies to inputs only: "uid" is an output the caller cannot change',
    ]);
  });

  it("reports a bad token", () => {
    const found = problems({
      ...BASE,
      "demo/resources/widget.yaml": BASE["demo/resources/widget.yaml"]!.replace(
        "demo:index/widget:Widget",
        "demo:widget:Widget",
      ),
    });
    expect(found).toEqual([
      'schemas/demo/resources/widget.yaml:4:8: resource token must be "demo:index/widget:Widget" (got "demo:widget:Widget")',
    ]);
  });

  it("reports every problem of several files in one run, sorted", () => {
    const found = problems({
      ...widget(`  name: { type: string, mode: required, default: x, description: Name. }\n${UID}`),
      "demo/lookups/getThings.yaml":
        "version: 1\nkind: lookup\nname: getThings\ntoken: demo:index/getThing:getThing\ndescription: Things.\noutputs: {}\n",
    });
    expect(found).toEqual([
      'schemas/demo/lookups/getThings.yaml:4:8: lookup token must be "demo:index/getThings:getThings" (got "demo:index/getThing:getThing")',
      'schemas/demo/lookups/getThings.yaml:6:1: every lookup result has an "id": declare it in outputs',
      'schemas/demo/resources/widget.yaml:7:50: a required input has no default: make "name" optional, or drop the default',
    ]);
  });

  it.each([
    [
      "env outside provider config",
      `  name: { type: string, mode: required, env: DEMO_NAME, description: Name. }\n${UID}`,
      '"env" is read only for provider config fields',
    ],
    [
      "a required deprecated field",
      `  name: { type: string, mode: required, deprecated: Old., description: Name. }\n${UID}`,
      "a deprecated field cannot be required",
    ],
    [
      "items on a non-list",
      `  name: { type: string, mode: required, items: { type: string }, description: Name. }\n${UID}`,
      '"items" applies to type list, not type string',
    ],
    [
      "a list without items",
      `  names: { type: list, mode: optional, description: Names. }\n${UID}`,
      'list "names" needs "items"',
    ],
    [
      "minimum above maximum",
      `  n: { type: integer, mode: optional, minimum: 5, maximum: 1, description: N. }\n${UID}`,
      "minimum 5 is above maximum 1",
    ],
    [
      "an invalid pattern",
      `  n: { type: string, mode: optional, pattern: "([a-z", description: N. }\n${UID}`,
      "pattern is not a valid regular expression",
    ],
    [
      "requiredWhen naming an unknown field",
      `  n: { type: string, mode: optional, requiredWhen: { field: nme, equals: true }, description: N. }\n${UID}`,
      'requiredWhen names unknown field "nme"',
    ],
    [
      "a requiredWhen value of another type than its field's",
      `  k: { type: string, mode: optional, description: K. }\n  n: { type: string, mode: optional, requiredWhen: { field: k, in: [a, 2] }, description: N. }\n${UID}`,
      'requiredWhen.in[1] must be a string (got 2) (the type of "k")',
    ],
    [
      "requiredWhen with both equals and in",
      `  k: { type: string, mode: optional, description: K. }\n  n: { type: string, mode: optional, requiredWhen: { field: k, equals: a, in: [b, c] }, description: N. }\n${UID}`,
      "requiredWhen needs either equals (a value) or in (a list of values)",
    ],
    [
      "onlyWhen naming the field itself",
      `  n: { type: string, mode: optional, onlyWhen: { field: n, equals: x }, description: N. }\n${UID}`,
      'onlyWhen names "n" itself: a condition is on another field',
    ],
    [
      "onlyWhen naming an output",
      `  k: { type: string, mode: output, description: K. }\n  n: { type: string, mode: optional, onlyWhen: { field: k, equals: x }, description: N. }\n${UID}`,
      'onlyWhen names "k", an output: no caller gives it, so the condition never holds',
    ],
    [
      "onlyWhen with a default",
      `  k: { type: string, mode: optional, description: K. }\n  n: { type: string, mode: optional, default: a, onlyWhen: { field: k, equals: x }, description: N. }\n${UID}`,
      '"n" has onlyWhen and a default: the default would be sent whatever the condition',
    ],
    [
      "onlyWhen naming an unknown field",
      `  n: { type: string, mode: optional, onlyWhen: { field: nme, equals: x }, description: N. }\n${UID}`,
      'onlyWhen names unknown field "nme"',
    ],
    [
      "conflictsWith naming an unknown field",
      `  n: { type: string, mode: optional, conflictsWith: [nam], description: N. }\n${UID}`,
      'conflictsWith names unknown field "nam"',
    ],
    ["a missing mode", `  n: { type: string, description: N. }\n${UID}`, 'field "n" needs a mode'],
    [
      "guaranteed on an input",
      `  n: { type: string, mode: optional, guaranteed: true, description: N. }\n${UID}`,
      '"guaranteed" applies to outputs only',
    ],
    [
      "two inputs sent under one wire key",
      `  a: { type: string, mode: optional, wireName: x, description: A. }\n  b: { type: string, mode: optional, wireName: x, description: B. }\n${UID}`,
      'wire name "x" is already sent by input "a"',
    ],
    [
      "an input sent where another input's wire path puts it",
      `  a: { type: integer, mode: optional, wireName: term, description: A. }\n  b: { type: integer, mode: optional, wirePath: term, description: B. }\n${UID}`,
      'wire path "term" is already sent by input "a" (on create and update)',
    ],
    [
      "an input whose update path is another's wire name",
      `  a: { type: string, mode: optional, description: A. }\n  b: { type: string, mode: optional, wirePath: { update: a }, description: B. }\n${UID}`,
      'wire path "a" is already sent by input "a" (on update)',
    ],
    [
      "a wire path through __proto__",
      `  a: { type: string, mode: optional, wirePath: __proto__.polluted, description: A. }\n${UID}`,
      'wire path "__proto__.polluted" uses "__proto__", a member every JavaScript object has: the value would be lost or change every object',
    ],
    [
      "a wire name every object has",
      `  a: { type: string, mode: optional, wireName: constructor, description: A. }\n${UID}`,
      'wire name "constructor" uses "constructor", a member every JavaScript object has',
    ],
    [
      "a field named after a member every object has",
      `  toString: { type: string, mode: optional, description: A. }\n${UID}`,
      'field name "toString" is a member every JavaScript object has; name it otherwise (wireName keeps its wire name)',
    ],
    [
      "a secret with a default",
      `  token: { type: string, mode: optional, secret: true, default: hunter2, description: T. }\n${UID}`,
      "a secret cannot have a default: it would be published in the package, its docs and its README",
    ],
    [
      "an infinite bound",
      `  n: { type: number, mode: optional, maximum: .inf, description: N. }\n${UID}`,
      "maximum must be a finite number (got Infinity)",
    ],
    [
      "an integer bound too large to hold exactly",
      `  n: { type: integer, mode: optional, maximum: 123456789012345678901234567890, description: N. }\n${UID}`,
      "maximum of an integer must be one a JavaScript number holds exactly, at most 9007199254740991 in size (got 1.2345678901234568e+29): the bound written would not be the one read",
    ],
    [
      "an infinite default",
      `  n: { type: number, mode: optional, default: .inf, description: N. }\n${UID}`,
      "default must be a finite number (got Infinity)",
    ],
    [
      "an integer default too large to hold exactly",
      `  n: { type: integer, mode: optional, default: 123456789012345678901234567890, description: N. }\n${UID}`,
      "default must be an integer a JavaScript number holds exactly, at most 9007199254740991 in size (got 1.2345678901234568e+29)",
    ],
    [
      "a default that breaks its format",
      `  n: { type: string, mode: optional, format: ip, default: notanip, description: N. }\n${UID}`,
      'default must be an IPv4 or IPv6 address (got "notanip")',
    ],
    [
      "an inline object whose type would shadow a global",
      `  p: { type: object, mode: optional, typeName: Promise, description: P., fields: { x: { type: string, mode: optional, description: X. } } }\n${UID}`,
      "generated name Promise (inline type Promise) is already taken by a global of JavaScript or TypeScript, which generated code uses; rename one of them",
    ],
    [
      "a readiness field naming nothing",
      `${UID}\n  status: { type: string, mode: output, description: S. }\nreadiness: { field: statsu, ready: [UP] }`,
      '"statsu" names no field of the resource (did you mean "status"?)',
    ],
    [
      "writeOnly on an output",
      `${UID}\n  note: { type: string, mode: output, writeOnly: true, description: N. }`,
      '"writeOnly" applies to inputs only',
    ],
    ["an import-id part naming no field", `${UID}`, 'import-id part names unknown field "id"'],
  ])("reports %s", (_what, fields, expected) => {
    const tree = widget(fields);
    if (expected.startsWith("import-id"))
      tree["demo/resources/widget.yaml"] = tree["demo/resources/widget.yaml"]!.replace("field: uid", "field: id");
    expect(problems(tree).join("\n")).toContain(expected);
  });

  // A netsvc provider's config: `settings`, then those its runtime needs.
  const NETSVC_NEEDS = NETSVC_SETTINGS.trimEnd();
  const netsvcConfig = (settings: string, needs = NETSVC_NEEDS) => ({
    ...BASE,
    "demo/provider.yaml": BASE["demo/provider.yaml"]!.replace(
      "envPrefix: DEMO",
      "envPrefix: DEMO\nprotocol: netsvc",
    ).replace(/config:\n[\s\S]*$/, `config:\n${settings}\n${needs}\n`),
  });

  it("reports a protocol's setting missing, mistyped, not secret or without a value, naming what its runtime needs", () => {
    expect(problems(netsvcConfig("", NETSVC_NEEDS.replace(/  accessKey.*\n/, "")))).toEqual([
      'schemas/demo/provider.yaml:8:1: the netsvc runtime needs "accessKey" (string): declare it in config',
    ]);
    const wrong = NETSVC_NEEDS.replace("waitTime: { type: integer", "waitTime: { type: string")
      .replace("secretKey: { type: string, mode: required, secret: true,", "secretKey: { type: string, mode: required,")
      .replace("accessKey: { type: string, mode: required,", "accessKey: { type: string, mode: optional,");
    expect(problems(netsvcConfig("", wrong))).toEqual([
      'schemas/demo/provider.yaml:11:3: the netsvc runtime needs "accessKey" (string): make it mode: required, or give it a default',
      'schemas/demo/provider.yaml:12:3: the netsvc runtime needs "secretKey" (a secret string): mark it secret: true',
      'schemas/demo/provider.yaml:15:21: the netsvc runtime needs "waitTime" (number), not string',
      "schemas/demo/provider.yaml:15:54: default must be a string (got 10)",
    ]);
  });

  it("reports exposed on a resource field, and on a setting named like a Provider member, at the key", () => {
    const config = (settings: string) => netsvcConfig(settings);
    expect(problems(widget(`  n: { type: string, mode: optional, exposed: true, description: N. }\n${UID}`))).toEqual([
      'schemas/demo/resources/widget.yaml:7:47: "exposed" applies to top-level provider config fields only',
    ]);
    expect(problems(config("  client: { type: string, mode: optional, exposed: true, description: C. }"))).toEqual([
      'schemas/demo/provider.yaml:9:52: "client" cannot be exposed: the netsvc Provider class already has a member of that name',
    ]);
    expect(
      problems(config("  apiKey: { type: string, mode: optional, secret: true, exposed: true, description: K. }")),
    ).toEqual([]);
  });

  it("reports a createdAt naming no string output", () => {
    expect(problems(widget(UID, "createdAt: createdOn"))).toEqual([
      'schemas/demo/resources/widget.yaml:10:12: createdAt names unknown field "createdOn"',
    ]);
    const named = `  name: { type: string, mode: required, description: N. }\n${UID}`;
    expect(problems(widget(named, "createdAt: name"))[0]).toMatch(/createdAt must name a string output/);
    expect(problems(widget(UID, "createdAt: uid"))).toEqual([]);
  });

  it.each([
    ["an empty file", ""],
    ["a null document", "null"],
    ["a list", "[]"],
    ["a number", "42"],
  ])("reports %s as a file that holds no mapping, wherever it sits, with no internal error", (_what, text) => {
    for (const file of [
      "demo/provider.yaml",
      "demo/resources/widget.yaml",
      "demo/types/part.yaml",
      "demo/lookups/getParts.yaml",
    ])
      expect(problems({ ...BASE, [file]: text }), file).toEqual([
        `schemas/${file}:1:1: a schema file holds one YAML mapping (version, kind, name, …)`,
      ]);
  });

  it("reports a secret nested in an output marked secret: false", () => {
    const found = problems(
      widget(
        `${UID}\n  info:\n    type: object\n    mode: output\n    secret: false\n    description: Info.\n    fields:\n      key: { type: string, secret: true, description: Key. }`,
      ),
    );
    expect(found).toEqual([
      'schemas/demo/resources/widget.yaml:14:36: secret field "key" sits inside "info", which is marked secret: false; a secret cannot be nested in a non-secret output',
    ]);
  });

  it("reports a file name that does not match the entity", () => {
    const { "demo/resources/widget.yaml": w, ...rest } = BASE;
    expect(problems({ ...rest, "demo/resources/gizmo.yaml": w! })).toEqual([
      'schemas/demo/resources/gizmo.yaml:3:7: resource "Widget" belongs in a file named widget.yaml (found gizmo.yaml)',
    ]);
  });

  it("reports an unsupported schema version and an unknown kind", () => {
    expect(
      problems({
        ...BASE,
        "demo/types/a.yaml": "version: 2\nkind: object\n",
        "demo/types/b.yaml": "version: 1\nkind: objekt\n",
      }),
    ).toEqual([
      'schemas/demo/types/a.yaml:1:10: unsupported schema version 2: this generator reads version 1 (add "version: 1")',
      'schemas/demo/types/b.yaml:2:7: kind must be "object" or "union" or "group" in types/ (got "objekt") (did you mean "object"?)',
    ]);
  });
});

describe("planning diagnostics: generated names that collide, at the real positions of both", () => {
  const resource = (name: string) => `version: 1
kind: resource
name: ${name}
token: demo:index/${name[0]!.toLowerCase()}${name.slice(1)}:${name}
description: A ${name}.
fields:
  label: { type: string, mode: required, description: Label. }
  uid: { type: string, mode: output, description: Id. }
importId:
  parts: [{ field: uid, type: string }]
`;
  // A lookup naming its element type, as getApiGatewayApiApps names ApiGatewayApiApp.
  const getGadgets = `version: 1
kind: lookup
name: getGadgets
token: demo:index/getGadgets:getGadgets
description: Gadgets.
outputs:
  id: { type: string, description: Id. }
  gadgets:
    type: list
    description: The gadgets.
    items:
      type: object
      typeName: Gadget
      fields:
        label: { type: string, description: Label. }
`;

  it("reports a resource named like a lookup's element type", () => {
    expect(
      problems({
        ...BASE,
        "demo/lookups/getGadgets.yaml": getGadgets,
        "demo/resources/gadget.yaml": resource("Gadget"),
      }),
    ).toEqual([
      "schemas/demo/resources/gadget.yaml:3:7: generated name Gadget (resource Gadget) is already taken by inline type Gadget at schemas/demo/lookups/getGadgets.yaml:13:17; rename one of them",
    ]);
  });

  it("reports two inline objects of one name declared in different files", () => {
    const getOthers = getGadgets.replaceAll("getGadgets", "getOthers").replace("gadgets:", "others:");
    expect(
      problems({ ...BASE, "demo/lookups/getGadgets.yaml": getGadgets, "demo/lookups/getOthers.yaml": getOthers }),
    ).toEqual([
      "schemas/demo/lookups/getOthers.yaml:13:17: generated name Gadget (inline type Gadget) is already taken by inline type Gadget at schemas/demo/lookups/getGadgets.yaml:13:17; rename one of them",
      "schemas/demo/lookups/getOthers.yaml:13:17: generated name gadgetType (inline type Gadget) is already taken by inline type Gadget at schemas/demo/lookups/getGadgets.yaml:13:17; rename one of them",
    ]);
  });

  it("reports a shared type named like a resource's generated Args", () => {
    const widgetArgs = `version: 1
kind: object
name: WidgetArgs
description: Clash.
fields:
  a: { type: string, mode: optional, description: A. }
`;
    expect(problems({ ...BASE, "demo/types/widgetArgs.yaml": widgetArgs })).toContain(
      "schemas/demo/resources/widget.yaml:3:7: generated name WidgetArgs (resource Widget) is already taken by type WidgetArgs at schemas/demo/types/widgetArgs.yaml:3:7; rename one of them",
    );
  });

  it("reports a field shadowing a member of the resource class at the field", () => {
    expect(problems(widget(`  update: { type: string, mode: optional, description: U. }\n${UID}`))).toEqual([
      `schemas/demo/resources/widget.yaml:7:3: field "update" of Widget would shadow the resource class's own "update"; rename it (the wire key can stay, with wireName)`,
    ]);
  });
});
