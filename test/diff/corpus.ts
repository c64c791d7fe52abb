import type { ChangeCode } from "../../generator/diff/classify.js";
import type { Severity } from "../../generator/diff/types.js";
import type { Edit } from "./harness.js";

/**
 * Old/new schema pairs: the base fixture (test/diff/fixtures/base, with `base` edits) and the same
 * with `edits` applied (the other way round with `reverse`), each with every change the diff must
 * find, and nothing else.
 */
export interface Case {
  readonly name: string;
  /** Edits of the base fixture that both sides share. */
  readonly base?: readonly Edit[];
  readonly edits: readonly Edit[];
  readonly reverse?: boolean;
  readonly expect: readonly (readonly [path: string, change: ChangeCode, severity: Severity])[];
}

const W = "resources/widget.yaml";
const widget = (replace: string, by: string): Edit => ({ file: W, replace, with: by });
const NOTE = "note: { type: string, mode: optional, description: Free text. }";
const note = (attrs: string): Edit =>
  widget(NOTE, `note: { type: string, mode: optional, ${attrs}, description: Free text. }`);

const GIZMO = `version: 1
kind: resource
name: Gizmo
token: shop:index/gizmo:Gizmo
description: A gizmo.
fields:
  colour: { type: string, mode: required, description: Colour. }
importId: { unsupported: Gizmos cannot be imported. }
`;

/** Gadget fields whose generated names derive from the resource: an enum and an inline object. */
const GADGET_INLINE = `  shape: { type: string, mode: optional, enum: [round, square], description: Shape. }
  dims:
    type: object
    mode: optional
    description: Dimensions.
    fields:
      width: { type: integer, mode: required, description: Width. }
`;

/** A Provider class is generated (and settings can be exposed on it) when the provider names its protocol. */
const WITH_PROTOCOL: Edit = {
  file: "provider.yaml",
  replace: "envPrefix: SHOP",
  with: "envPrefix: SHOP\nprotocol: netsvc",
};

/** A netsvc lookup operation for getWidgets: its one input goes in the path. */
const LOOKUP_OP = 'operation: { path: "/v1/widgets?name={name}", into: widgets, id: "{name}" }\n';

export const CASES: readonly Case[] = [
  // Packages and entities
  {
    name: "a package added",
    edits: [
      {
        file: "../tiny/provider.yaml",
        write:
          "version: 1\nkind: provider\nname: tiny\ndescription: Tiny.\nenvPrefix: TINY\npackage: { name: tiny, version: 0.0.1, description: Tiny SDK. }\nconfig: {}\n",
      },
    ],
    expect: [["tiny", "package-added", "info"]],
  },
  {
    name: "a package removed",
    reverse: true,
    edits: [
      {
        file: "../tiny/provider.yaml",
        write:
          "version: 1\nkind: provider\nname: tiny\ndescription: Tiny.\nenvPrefix: TINY\npackage: { name: tiny, version: 0.0.1, description: Tiny SDK. }\nconfig: {}\n",
      },
    ],
    expect: [["tiny", "package-removed", "breaking"]],
  },
  {
    name: "the npm package renamed",
    edits: [{ file: "provider.yaml", replace: "package: { name: shop,", with: "package: { name: shop-sdk," }],
    expect: [["shop", "package-name-changed", "breaking"]],
  },
  {
    name: "the protocol named",
    edits: [
      {
        file: "provider.yaml",
        replace: "package: { name: shop,",
        with: "protocol: netsvc\npackage: { name: shop,",
      },
    ],
    expect: [["shop", "protocol-changed", "breaking"]],
  },
  {
    name: "a resource added",
    edits: [{ file: "resources/gizmo.yaml", write: GIZMO }],
    expect: [["Gizmo", "entity-added", "info"]],
  },
  {
    name: "a resource removed",
    edits: [{ file: "resources/gadget.yaml", delete: true }],
    expect: [["Gadget", "entity-removed", "breaking"]],
  },
  {
    name: "a resource renamed (same fields, new name and token) is one change",
    edits: [
      { file: "resources/gadget.yaml", delete: true },
      {
        file: "resources/gizmo.yaml",
        write: GIZMO.replace(
          "colour: { type: string, mode: required, description: Colour. }",
          "size: { type: integer, mode: required, minimum: 1, description: Size. }\n  gadgetId: { type: string, mode: output, guaranteed: true, description: Identifier. }",
        ),
      },
    ],
    expect: [["Gizmo", "entity-renamed", "breaking"]],
  },
  {
    name: "a lookup removed",
    edits: [{ file: "lookups/getWidgets.yaml", delete: true }],
    expect: [["getWidgets", "entity-removed", "breaking"]],
  },
  {
    name: "a shared type added",
    edits: [
      {
        file: "types/address.yaml",
        write:
          "version: 1\nkind: object\nname: Address\ndescription: A postal address.\nfields:\n  city: { type: string, mode: required, description: City. }\n",
      },
    ],
    expect: [["Address", "entity-added", "info"]],
  },
  {
    name: "an inline object's generated name set by typeName: its exported type is renamed",
    edits: [widget("description: Rate limits.", "typeName: RateLimits\n    description: Rate limits.")],
    expect: [["Widget.limits", "type-name-changed", "breaking"]],
  },
  {
    name: "an enum's generated name set by enumName: its exported type is renamed",
    edits: [widget("enum: [red, blue],", "enum: [red, blue], enumName: Zone,")],
    expect: [["Widget.zone", "type-name-changed", "breaking"]],
  },
  {
    name: "a resource renamed: the names of its inline types and enums follow it, with no line of their own",
    base: [{ file: "resources/gadget.yaml", replace: "  gadgetId:", with: GADGET_INLINE + "  gadgetId:" }],
    edits: [
      { file: "resources/gadget.yaml", delete: true },
      {
        file: "resources/gizmo.yaml",
        write: GIZMO.replace(
          "  colour: { type: string, mode: required, description: Colour. }\n",
          "  size: { type: integer, mode: required, minimum: 1, description: Size. }\n" +
            GADGET_INLINE +
            "  gadgetId: { type: string, mode: output, guaranteed: true, description: Identifier. }\n",
        ),
      },
    ],
    expect: [["Gizmo", "entity-renamed", "breaking"]],
  },
  {
    name: "a shared type renamed, and the field using it follows",
    edits: [
      { file: "types/owner.yaml", delete: true },
      {
        file: "types/holder.yaml",
        write:
          "version: 1\nkind: object\nname: Holder\ndescription: Who owns a widget.\nfields:\n  email: { type: string, mode: required, description: Email address. }\n  phone: { type: string, mode: optional, description: Phone number. }\n",
      },
      widget("ref: Owner", "ref: Holder"),
    ],
    expect: [["Holder", "entity-renamed", "breaking"]],
  },
  {
    name: "a shared type removed with the field using it",
    edits: [
      { file: "types/owner.yaml", delete: true },
      widget("  owner: { type: object, ref: Owner, mode: optional, description: The owner. }\n", ""),
    ],
    expect: [
      ["Owner", "entity-removed", "breaking"],
      ["Widget.owner", "field-removed", "breaking"],
    ],
  },
  // Import ids and deprecations
  {
    name: "import-id format changed",
    edits: [widget('separator: ":"', 'separator: "/"')],
    expect: [["Widget", "import-id-changed", "breaking"]],
  },
  {
    name: "an import-id part made optional: every id that parsed still does",
    edits: [widget("- { field: name, type: string }", "- { field: name, type: string, optional: true }")],
    expect: [["Widget", "import-id-relaxed", "info"]],
  },
  {
    name: "an import-id part no longer optional: the format reads the same, and ids without it stop parsing",
    base: [widget("- { field: name, type: string }", "- { field: name, type: string, optional: true }")],
    edits: [widget("- { field: name, type: string, optional: true }", "- { field: name, type: string }")],
    expect: [["Widget", "import-id-changed", "breaking"]],
  },
  {
    name: "import no longer supported",
    edits: [
      widget(
        'importId:\n  separator: ":"\n  parts:\n    - { field: uid, type: string }\n    - { field: name, type: string }',
        "importId: { unsupported: Not any more. }",
      ),
    ],
    expect: [["Widget", "import-id-removed", "breaking"]],
  },
  {
    name: "import newly supported",
    edits: [
      {
        file: "resources/gadget.yaml",
        replace: "importId: { unsupported: Gadgets cannot be imported. }",
        with: "importId:\n  parts: [{ field: gadgetId, type: string }]",
      },
    ],
    expect: [["Gadget", "import-id-added", "info"]],
  },
  {
    name: "a resource deprecated",
    edits: [
      {
        file: "resources/gadget.yaml",
        replace: "description: A gadget.",
        with: "description: A gadget.\ndeprecated: Use Widget.",
      },
    ],
    expect: [["Gadget", "deprecation-added", "info"]],
  },
  {
    name: "a field no longer deprecated",
    edits: [
      widget(
        "legacy: { type: string, mode: optional, deprecated: Use note.,",
        "legacy: { type: string, mode: optional,",
      ),
    ],
    expect: [["Widget.legacy", "deprecation-removed", "info"]],
  },
  {
    name: "a deprecation notice reworded",
    edits: [widget("deprecated: Use note.", "deprecated: Use note instead; removed in 2.0.")],
    expect: [["Widget.legacy", "deprecation-changed", "info"]],
  },
  {
    name: "an enum value deprecated",
    edits: [widget("enum: [1000, 10000]", "enum: [{ value: 1000, deprecated: Too slow. }, 10000]")],
    expect: [["Widget.speed", "deprecation-added", "info"]],
  },
  // Fields added, removed, renamed
  {
    name: "an optional input added",
    edits: [widget(NOTE, `${NOTE}\n  colour: { type: string, mode: optional, description: Colour. }`)],
    expect: [["Widget.colour", "field-added", "info"]],
  },
  {
    name: "a required input added",
    edits: [widget(NOTE, `${NOTE}\n  colour: { type: string, mode: required, description: Colour. }`)],
    expect: [["Widget.colour", "required-field-added", "breaking"]],
  },
  {
    name: "an output added",
    edits: [widget(NOTE, `${NOTE}\n  created: { type: string, mode: output, format: iso8601, description: Created. }`)],
    expect: [["Widget.created", "field-added", "info"]],
  },
  {
    name: "an input removed",
    edits: [widget(`  ${NOTE}\n`, "")],
    expect: [["Widget.note", "field-removed", "breaking"]],
  },
  {
    name: "a field renamed (same attributes) is one change",
    edits: [widget(NOTE, NOTE.replace("note:", "remark:"))],
    expect: [["Widget.remark", "field-renamed", "breaking"]],
  },
  {
    name: "a required input added to a shared input type",
    edits: [
      {
        file: "types/owner.yaml",
        replace: "  phone:",
        with: "  name: { type: string, mode: required, description: Name. }\n  phone:",
      },
    ],
    expect: [["Owner.name", "required-field-added", "breaking"]],
  },
  {
    name: "a lookup output removed",
    edits: [
      {
        file: "lookups/getWidgets.yaml",
        replace: "  total: { type: integer, description: Number of widgets. }\n",
        with: "",
      },
    ],
    expect: [["getWidgets.total", "field-removed", "breaking"]],
  },
  {
    name: "a required lookup input added",
    edits: [
      {
        file: "lookups/getWidgets.yaml",
        replace: "inputs:\n",
        with: "inputs:\n  site: { type: string, mode: required, description: Site. }\n",
      },
    ],
    expect: [["getWidgets.site", "required-field-added", "breaking"]],
  },
  {
    name: "a provider-function output added",
    edits: [
      {
        file: "provider.yaml",
        replace: "      result:",
        with: "      extra: { type: string, description: Extra. }\n      result:",
      },
    ],
    expect: [["terraformConfig.outputs.extra", "field-added", "info"]],
  },
  // Modes
  {
    name: "an optional input made required",
    edits: [widget("note: { type: string, mode: optional,", "note: { type: string, mode: required,")],
    expect: [["Widget.note", "made-required", "breaking"]],
  },
  {
    name: "a required input made optional: its output becomes optional too",
    edits: [widget("name: { type: string, mode: required,", "name: { type: string, mode: optional,")],
    expect: [["Widget.name", "made-optional-in-outputs", "breaking"]],
  },
  {
    name: "an input turned output-only",
    edits: [widget("note: { type: string, mode: optional,", "note: { type: string, mode: output,")],
    expect: [["Widget.note", "made-output", "breaking"]],
  },
  {
    name: "an output turned optional input",
    edits: [widget("status: { type: string, mode: output,", "status: { type: string, mode: optional,")],
    expect: [["Widget.status", "made-input", "info"]],
  },
  {
    name: "an output turned required input",
    edits: [widget("status: { type: string, mode: output,", "status: { type: string, mode: required,")],
    expect: [["Widget.status", "made-required", "breaking"]],
  },
  {
    name: "an optional input made optional-computed",
    edits: [widget("note: { type: string, mode: optional,", "note: { type: string, mode: optional-computed,")],
    expect: [["Widget.note", "computed-added", "info"]],
  },
  {
    name: "an optional-computed input made optional",
    edits: [widget("zone: { type: string, mode: optional-computed,", "zone: { type: string, mode: optional,")],
    expect: [["Widget.zone", "computed-removed", "info"]],
  },
  {
    name: "an output no longer guaranteed",
    edits: [widget("uid: { type: string, mode: output, guaranteed: true,", "uid: { type: string, mode: output,")],
    expect: [["Widget.uid", "guarantee-removed", "breaking"]],
  },
  {
    name: "a lookup output now guaranteed",
    edits: [
      {
        file: "lookups/getWidgets.yaml",
        replace: "total: { type: integer,",
        with: "total: { type: integer, guaranteed: true,",
      },
    ],
    expect: [["getWidgets.total", "guarantee-added", "info"]],
  },
  // Types and wire names
  {
    name: "a field's type changed",
    edits: [widget(NOTE, "note: { type: integer, mode: optional, description: Free text. }")],
    expect: [["Widget.note", "type-changed", "breaking"]],
  },
  {
    name: "a list's item type changed",
    edits: [widget("items: { type: string }, description: Tags.", "items: { type: integer }, description: Tags.")],
    expect: [["Widget.tags[*]", "type-changed", "breaking"]],
  },
  {
    name: "an object field now a plain string",
    edits: [widget("owner: { type: object, ref: Owner, mode: optional,", "owner: { type: string, mode: optional,")],
    expect: [["Widget.owner", "type-changed", "breaking"]],
  },
  {
    name: "integer widened to number",
    edits: [widget("vlan: { type: integer,", "vlan: { type: number,")],
    expect: [["Widget.vlan", "bounds-relaxed", "info"]],
  },
  {
    name: "a wire key changed",
    edits: [note("wireName: comment")],
    expect: [["Widget.note", "wire-name-changed", "warning"]],
  },
  // Closed and open value sets
  {
    name: "an input enum narrowed",
    edits: [widget("enum: [1000, 10000]", "enum: [1000]")],
    expect: [["Widget.speed", "enum-narrowed", "breaking"]],
  },
  {
    name: "an input enum widened",
    edits: [widget("enum: [1000, 10000]", "enum: [1000, 10000, 100000]")],
    expect: [["Widget.speed", "enum-widened", "info"]],
  },
  {
    name: "an output enum widened: readers may miss a value",
    edits: [widget("enum: [up, down]", "enum: [up, down, degraded]")],
    expect: [["Widget.health", "enum-widened", "warning"]],
  },
  {
    name: "an optional-computed enum widened: the service may return the new value",
    edits: [widget("enum: [red, blue]", "enum: [red, blue, green]")],
    expect: [["Widget.zone", "enum-widened", "warning"]],
  },
  {
    name: "an output enum narrowed: comparisons with the value no longer compile",
    edits: [widget("enum: [up, down]", "enum: [up]")],
    expect: [["Widget.health", "enum-narrowed", "breaking"]],
  },
  {
    name: "an enum in a lookup result widened",
    edits: [{ file: "lookups/getWidgets.yaml", replace: "enum: [small, large]", with: "enum: [small, medium, large]" }],
    expect: [["getWidgets.widgets[*].kind", "enum-widened", "warning"]],
  },
  {
    name: "a free input restricted to an enum",
    edits: [note("enum: [a, b]")],
    expect: [["Widget.note", "enum-added", "breaking"]],
  },
  {
    name: "an input enum removed",
    edits: [
      widget(
        "family: { type: string, mode: optional, enum: [IPv4, IPv6], caseInsensitive: true,",
        "family: { type: string, mode: optional,",
      ),
    ],
    expect: [["Widget.family", "enum-removed", "info"]],
  },
  {
    name: "an output enum removed",
    edits: [widget("health: { type: string, mode: output, enum: [up, down],", "health: { type: string, mode: output,")],
    expect: [["Widget.health", "enum-removed", "warning"]],
  },
  {
    name: "an enum made case-sensitive",
    edits: [widget("enum: [IPv4, IPv6], caseInsensitive: true,", "enum: [IPv4, IPv6],")],
    expect: [["Widget.family", "enum-case-sensitive", "breaking"]],
  },
  {
    name: "an enum made case-insensitive",
    edits: [widget("enum: [red, blue],", "enum: [red, blue], caseInsensitive: true,")],
    expect: [["Widget.zone", "enum-case-insensitive", "info"]],
  },
  {
    name: "known values changed",
    edits: [widget("knownValues: [LIVE, DOWN]", "knownValues: [LIVE, DOWN, UNKNOWN]")],
    expect: [["Widget.status", "known-values-changed", "info"]],
  },
  // Bounds
  {
    name: "a maximum lowered",
    edits: [widget("maximum: 4093", "maximum: 4000")],
    expect: [["Widget.vlan", "bounds-tightened", "breaking"]],
  },
  {
    name: "a minimum lowered and an excluded value allowed: one relaxed change",
    edits: [widget("minimum: -1, maximum: 4093, notOneOf: [1],", "minimum: -2, maximum: 4093,")],
    expect: [["Widget.vlan", "bounds-relaxed", "info"]],
  },
  {
    name: "the range moved up: tighter at one end, looser at the other",
    edits: [widget("minimum: -1, maximum: 4093,", "minimum: 0, maximum: 4094,")],
    expect: [
      ["Widget.vlan", "bounds-relaxed", "info"],
      ["Widget.vlan", "bounds-tightened", "breaking"],
    ],
  },
  {
    name: "a nested inline object's bound tightened",
    edits: [
      widget(
        "rate: { type: integer, mode: required, minimum: 1,",
        "rate: { type: integer, mode: required, minimum: 5,",
      ),
    ],
    expect: [["Widget.limits.rate", "bounds-tightened", "breaking"]],
  },
  {
    name: "a list's maximum length lowered",
    edits: [widget("maxItems: 5", "maxItems: 3")],
    expect: [["Widget.tags", "list-bounds-tightened", "breaking"]],
  },
  {
    name: "a list's maximum length removed",
    edits: [widget("tags: { type: list, mode: optional, maxItems: 5,", "tags: { type: list, mode: optional,")],
    expect: [["Widget.tags", "list-bounds-relaxed", "info"]],
  },
  {
    name: "a string's maximum length lowered",
    edits: [widget("maxLength: 64", "maxLength: 32")],
    expect: [["Widget.name", "string-bounds-tightened", "breaking"]],
  },
  {
    name: "a string's minimum length removed",
    edits: [widget("minLength: 1, maxLength: 64", "maxLength: 64")],
    expect: [["Widget.name", "string-bounds-relaxed", "info"]],
  },
  {
    name: "a pattern changed",
    edits: [widget('pattern: "^[A-Z]+$"', 'pattern: "^[A-Z0-9]+$"')],
    expect: [["Widget.code", "pattern-changed", "warning"]],
  },
  {
    name: "a format changed",
    edits: [widget("format: mac", "format: ip")],
    expect: [["Widget.mac", "string-bounds-tightened", "breaking"]],
  },
  // Defaults, secrets, replacement
  {
    name: "a default changed",
    edits: [widget("default: false", "default: true")],
    expect: [["Widget.single", "default-changed", "warning"]],
  },
  {
    name: "a default added",
    edits: [note("default: none given")],
    expect: [["Widget.note", "default-changed", "warning"]],
  },
  {
    name: "a config default changed",
    edits: [{ file: "provider.yaml", replace: "default: eu-1", with: "default: us-1" }],
    expect: [["config.region", "default-changed", "warning"]],
  },
  {
    name: "a secret flag removed: the value would leak",
    edits: [
      widget("secretKey: { type: string, mode: optional, secret: true,", "secretKey: { type: string, mode: optional,"),
    ],
    expect: [["Widget.secretKey", "secret-removed", "breaking"]],
  },
  {
    name: "an output made secret: readers get Secret<string>",
    edits: [widget("status: { type: string, mode: output,", "status: { type: string, mode: output, secret: true,")],
    expect: [["Widget.status", "secret-added", "breaking"]],
  },
  {
    name: "replace-on-change added",
    edits: [note("replaceOnChange: Notes are printed on the widget.")],
    expect: [["Widget.note", "replace-on-change-added", "warning"]],
  },
  {
    name: "replace-on-change removed",
    edits: [widget(" replaceOnChange: The speed is fixed.,", "")],
    expect: [["Widget.speed", "replace-on-change-removed", "info"]],
  },
  {
    name: "a union variant no longer exempt from replacement",
    edits: [
      widget(
        "replaceOnChange: { reason: The engine is installed at creation., exceptVariants: [beta] }",
        "replaceOnChange: The engine is installed at creation.",
      ),
    ],
    expect: [["Widget.engine", "replace-on-change-added", "warning"]],
  },
  {
    name: "a union variant newly exempt from replacement",
    edits: [widget("exceptVariants: [beta]", "exceptVariants: [alpha, beta]")],
    expect: [["Widget.engine", "replace-on-change-removed", "info"]],
  },
  {
    name: "a change to an input made refused",
    edits: [note("onChange: { reject: Notes are engraved. }")],
    expect: [["Widget.note", "change-rejected", "breaking"]],
  },
  {
    name: "an input sent elsewhere on the wire",
    edits: [note("wirePath: memo.text")],
    expect: [["Widget.note", "wire-binding-changed", "warning"]],
  },
  {
    name: "a resource's readiness declared",
    edits: [widget("lifecycle:\n", "readiness: readable\nlifecycle:\n")],
    expect: [["Widget", "operations-changed", "warning"]],
  },
  {
    name: "a lookup bound to an operation: its function appears",
    base: [WITH_PROTOCOL],
    edits: [{ file: "lookups/getWidgets.yaml", replace: "outputs:", with: `${LOOKUP_OP}outputs:` }],
    expect: [["getWidgets", "binding-added", "info"]],
  },
  {
    name: "a lookup's operation removed: its function is gone",
    base: [WITH_PROTOCOL],
    reverse: true,
    edits: [{ file: "lookups/getWidgets.yaml", replace: "outputs:", with: `${LOOKUP_OP}outputs:` }],
    expect: [["getWidgets", "binding-removed", "breaking"]],
  },
  {
    name: "a lookup's path changed",
    base: [WITH_PROTOCOL, { file: "lookups/getWidgets.yaml", replace: "outputs:", with: `${LOOKUP_OP}outputs:` }],
    edits: [{ file: "lookups/getWidgets.yaml", replace: "/v1/widgets", with: "/v2/widgets" }],
    expect: [["getWidgets", "operations-changed", "warning"]],
  },
  {
    name: "a lookup's hook code edited: what its calls do changed, though no schema line did",
    base: [
      WITH_PROTOCOL,
      { file: "lookups/getWidgets.yaml", replace: "outputs:", with: `${LOOKUP_OP}hooks: getWidgets\noutputs:` },
      {
        file: "hooks/getWidgets.ts",
        write:
          'import type { NetsvcLookupHooks } from "@sdkgen/runtime/netsvc";\n\nexport const hooks: NetsvcLookupHooks<object> = { answer: (answer) => answer };\n',
      },
    ],
    edits: [{ file: "hooks/getWidgets.ts", replace: "answer: (answer) => answer", with: "answer: () => []" }],
    expect: [["getWidgets", "operations-changed", "warning"]],
  },
  {
    name: "a timestamp output's format removed: the value read changes form",
    edits: [widget("uid: { type: string, mode: output,", "uid: { type: string, mode: output, format: iso8601,")],
    reverse: true,
    expect: [
      ["Widget.uid", "string-bounds-relaxed", "info"],
      ["Widget.uid", "timestamp-conversion-changed", "warning"],
    ],
  },
  {
    name: "an input made write-only",
    edits: [note("writeOnly: true")],
    expect: [["Widget.note", "write-only-added", "info"]],
  },
  {
    name: "an input no longer write-only",
    reverse: true,
    edits: [note("writeOnly: true")],
    expect: [["Widget.note", "write-only-removed", "warning"]],
  },
  // Environment variables and provider config
  {
    name: "a setting exposed on the Provider instance",
    base: [WITH_PROTOCOL],
    edits: [{ file: "provider.yaml", replace: "env: SHOP_RETRIES,", with: "env: SHOP_RETRIES, exposed: true," }],
    expect: [["config.retries", "exposed-added", "info"]],
  },
  {
    name: "a setting no longer exposed on the Provider instance",
    base: [WITH_PROTOCOL],
    edits: [{ file: "provider.yaml", replace: "env: SHOP_RETRIES,", with: "env: SHOP_RETRIES, exposed: true," }],
    reverse: true,
    expect: [["config.retries", "exposed-removed", "breaking"]],
  },
  {
    name: "an environment variable renamed",
    edits: [{ file: "provider.yaml", replace: "env: SHOP_REGION", with: "env: SHOP_ZONE" }],
    expect: [["config.region", "env-renamed", "breaking"]],
  },
  {
    name: "an environment variable removed",
    edits: [{ file: "provider.yaml", replace: " env: SHOP_RETRIES,", with: "" }],
    expect: [["config.retries", "env-removed", "breaking"]],
  },
  {
    name: "an environment variable added",
    edits: [
      {
        file: "provider.yaml",
        replace: "timeout: { type: integer, mode: optional,",
        with: "timeout: { type: integer, mode: optional, env: SHOP_TIMEOUT,",
      },
    ],
    expect: [["config.timeout", "env-added", "info"]],
  },
  {
    name: "a config field made required",
    edits: [
      {
        file: "provider.yaml",
        replace: "timeout: { type: integer, mode: optional,",
        with: "timeout: { type: integer, mode: required,",
      },
    ],
    expect: [["config.timeout", "made-required", "breaking"]],
  },
  {
    name: "a config field's bound tightened",
    edits: [{ file: "provider.yaml", replace: "maximum: 10,", with: "maximum: 5," }],
    expect: [["config.retries", "bounds-tightened", "breaking"]],
  },
  // Conditions
  {
    name: "a field becomes conditionally required",
    edits: [widget("notOneOf: [1],", "notOneOf: [1], requiredWhen: { field: single, equals: true },")],
    expect: [["Widget.vlan", "required-when-added", "breaking"]],
  },
  {
    name: "a field no longer conditionally required",
    reverse: true,
    edits: [widget("notOneOf: [1],", "notOneOf: [1], requiredWhen: { field: single, equals: true },")],
    expect: [["Widget.vlan", "required-when-removed", "info"]],
  },
  {
    name: "a condition changed",
    base: [widget("notOneOf: [1],", "notOneOf: [1], requiredWhen: { field: single, equals: true },")],
    edits: [widget("equals: true", "equals: false")],
    expect: [["Widget.vlan", "required-when-changed", "breaking"]],
  },
  {
    name: "an input allowed under a condition only",
    edits: [widget("notOneOf: [1],", "notOneOf: [1], onlyWhen: { field: single, equals: true },")],
    expect: [["Widget.vlan", "only-when-added", "breaking"]],
  },
  {
    name: "an input no longer allowed under a condition only",
    reverse: true,
    edits: [widget("notOneOf: [1],", "notOneOf: [1], onlyWhen: { field: single, equals: true },")],
    expect: [["Widget.vlan", "only-when-removed", "info"]],
  },
  {
    name: "an input's condition changed",
    base: [widget("notOneOf: [1],", "notOneOf: [1], onlyWhen: { field: single, equals: true },")],
    edits: [widget("onlyWhen: { field: single, equals: true }", "onlyWhen: { field: single, equals: false }")],
    expect: [["Widget.vlan", "only-when-changed", "breaking"]],
  },
  {
    name: "a requirement's values reordered: no change",
    base: [widget("notOneOf: [1],", "notOneOf: [1], requiredWhen: { field: single, in: [true, false] },")],
    edits: [widget("in: [true, false]", "in: [false, true]")],
    expect: [],
  },
  {
    name: "a requirement under fewer values",
    base: [widget("notOneOf: [1],", "notOneOf: [1], requiredWhen: { field: single, in: [true, false] },")],
    edits: [widget("in: [true, false]", "equals: true")],
    expect: [["Widget.vlan", "required-when-relaxed", "info"]],
  },
  {
    name: "an input allowed under more values",
    base: [widget("notOneOf: [1],", "notOneOf: [1], onlyWhen: { field: single, equals: true },")],
    edits: [widget("equals: true", "in: [true, false]")],
    expect: [["Widget.vlan", "only-when-relaxed", "info"]],
  },
  {
    name: "a condition widened to several values",
    base: [widget("notOneOf: [1],", "notOneOf: [1], requiredWhen: { field: single, equals: true },")],
    edits: [widget("equals: true", "in: [true, false]")],
    expect: [["Widget.vlan", "required-when-changed", "breaking"]],
  },
  {
    name: "the keys of a condition reordered: no change",
    base: [widget("notOneOf: [1],", "notOneOf: [1], requiredWhen: { field: single, equals: true },")],
    edits: [widget("requiredWhen: { field: single, equals: true }", "requiredWhen: { equals: true, field: single }")],
    expect: [],
  },
  {
    name: "two fields made exclusive",
    edits: [note("conflictsWith: [legacy]")],
    expect: [["Widget.note", "conflicts-added", "breaking"]],
  },
  {
    name: "two fields no longer exclusive",
    reverse: true,
    edits: [note("conflictsWith: [legacy]")],
    expect: [["Widget.note", "conflicts-removed", "info"]],
  },
  // Unions
  {
    name: "a union variant added",
    edits: [
      { file: "types/engine.yaml", replace: "  beta:", with: "  gamma: { ref: GammaEngine }\n  beta:" },
      {
        file: "types/gammaEngine.yaml",
        write:
          "version: 1\nkind: object\nname: GammaEngine\ndescription: Gamma.\nfields:\n  cores: { type: integer, mode: required, description: Cores. }\n",
      },
    ],
    expect: [
      ["Engine.gamma", "variant-added", "info"],
      ["GammaEngine", "entity-added", "info"],
    ],
  },
  {
    name: "a union variant removed",
    edits: [
      { file: "types/engine.yaml", replace: "  alpha: { ref: AlphaEngine, description: Alpha engines. }\n", with: "" },
    ],
    expect: [["Engine.alpha", "variant-removed", "breaking"]],
  },
  {
    name: "a union's discriminator renamed",
    edits: [{ file: "types/engine.yaml", replace: "field: vendor", with: "field: make" }],
    expect: [["Engine", "discriminator-changed", "breaking"]],
  },
  {
    name: "a variant's wire value changed",
    edits: [{ file: "types/engine.yaml", replace: "wireValue: BETA", with: "wireValue: BETA2" }],
    expect: [["Engine.beta", "wire-name-changed", "warning"]],
  },
  {
    name: "a variant type's field changed",
    edits: [{ file: "types/alphaEngine.yaml", replace: "enum: [S, M, L]", with: "enum: [S, M]" }],
    expect: [["AlphaEngine.size", "enum-narrowed", "breaking"]],
  },
  // Several edits in one pull request
  {
    name: "several changes at once, each reported once",
    edits: [
      widget("default: false", "default: true"),
      widget("maxItems: 5", "maxItems: 3"),
      { file: "resources/gadget.yaml", delete: true },
      { file: "provider.yaml", replace: "env: SHOP_REGION", with: "env: SHOP_ZONE" },
    ],
    expect: [
      ["Gadget", "entity-removed", "breaking"],
      ["Widget.single", "default-changed", "warning"],
      ["Widget.tags", "list-bounds-tightened", "breaking"],
      ["config.region", "env-renamed", "breaking"],
    ],
  },
];
