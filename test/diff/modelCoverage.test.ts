import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadModels } from "../../generator/pipeline.js";
import type { Field, PackageModel, TypeSpec } from "../../generator/model/types.js";
import { BASE, ROOT } from "./harness.js";

/**
 * Every attribute of the model, and what the diff does with it. When the schema language grows, a new
 * attribute fails this test until someone decides whether it changes anything for users (and adds a
 * rule) or not (and says why here), so the review never goes silently blind to it.
 */
const ATTRIBUTES: Record<string, Record<string, string>> = {
  field: {
    name: "matched by; renames found by signature",
    wireName: "wire-name-changed",
    description: "ignored: prose",
    mode: "made-required, made-optional(-in-outputs), made-output, made-input, computed-*",
    guaranteed: "guarantee-*",
    writeOnly: "write-only-*",
    exposed: "exposed-*",
    type: "compared as a type spec",
    default: "default-changed",
    env: "env-*",
    deprecated: "deprecation-*",
    replaceOnChange: "replace-on-change-* (reason text ignored)",
    requiredWhen: "required-when-*",
    onlyWhen: "only-when-*",
    conflictsWith: "conflicts-*",
    group: "ignored: which group declares a field does not change it",
    wirePath: "change-rejected, wire-binding-changed",
    onChange: "change-rejected, wire-binding-changed",
    notSent: "change-rejected, wire-binding-changed",
    references: "ignored: documentation only (the docs' diagram); generated code does not change",
  },
  spec: {
    kind: "type-changed; integer/number as bounds",
    items: "compared at [*]",
    values: "compared at .*",
    ref: "inline objects walked; shared types compared once; type-changed",
    enum: "enum-* by values, not by enum name",
    knownValues: "known-values-changed",
    minimum: "bounds-*",
    maximum: "bounds-*",
    notOneOf: "bounds-*",
    minItems: "list-bounds-*",
    maxItems: "list-bounds-*",
    minLength: "string-bounds-*",
    maxLength: "string-bounds-*",
    pattern: "string-bounds-*, pattern-changed",
    format: "string-bounds-*",
    familyFrom: "string-bounds-*",
    secret: "secret-*",
  },
  resource: {
    name: "matched by",
    token: "token-changed, entity-renamed",
    description: "ignored: prose",
    deprecated: "deprecation-*",
    fields: "compared",
    importId: "import-id-*",
    lifecycleNotes: "ignored: prose",
    examples: "ignored: documentation only",
    file: "ignored: follows the name",
    operations: "binding-added, binding-removed, operations-changed",
    readiness: "operations-changed",
    createdAt: "operations-changed",
    hooks: "operations-changed",
  },
  lookup: {
    name: "matched by",
    token: "token-changed, entity-renamed",
    description: "ignored: prose",
    deprecated: "deprecation-*",
    inputs: "compared with results, as one field list",
    results: "compared with inputs, as one field list",
    examples: "ignored: documentation only",
    file: "ignored: follows the name",
    operation: "binding-added, binding-removed, operations-changed",
    hooks: "operations-changed",
  },
  type: {
    kind: "type-changed",
    name: "matched by",
    description: "ignored: prose",
    fields: "compared",
    inline: "inline objects belong to their owner",
    usage: "decides the position (set, read) of the type's fields",
    file: "ignored: follows the name",
    discriminator: "discriminator-changed, enum-case-*",
    variants: "variant-*, type-changed, wire-name-changed, deprecation-*",
  },
  provider: {
    name: "matched by",
    displayName: "ignored: prose",
    description: "ignored: prose",
    envPrefix: "covered by env-* on every field",
    package: "package-name-changed (version, description, keywords, license ignored)",
    protocol: "protocol-changed",
    config: "compared",
    functions: "compared",
    examples: "ignored: documentation only",
    quickStart: "ignored: documentation only (the README's program, run by test/docs/quickStart.test.ts)",
    file: "ignored",
  },
  enum: {
    name: "ignored: enums are compared by values",
    base: "covered by the field's kind",
    values: "enum-narrowed, enum-widened, deprecation-*",
    caseInsensitive: "enum-case-*",
  },
};

function seen(models: readonly PackageModel[]): Record<string, Set<string>> {
  const out: Record<string, Set<string>> = Object.fromEntries(Object.keys(ATTRIBUTES).map((k) => [k, new Set()]));
  const note = (kind: string, o: object) => Object.keys(o).forEach((k) => out[kind]!.add(k));
  const spec = (s: TypeSpec): void => {
    note("spec", s);
    if (s.items) spec(s.items);
    if (s.values) spec(s.values);
  };
  const fields = (list: readonly Field[]) =>
    list.forEach((f) => {
      note("field", f);
      spec(f.type);
    });
  for (const m of models) {
    note("provider", m.provider);
    fields(m.provider.config);
    m.provider.functions.forEach((fn) => (fields(fn.inputs), fields(fn.outputs)));
    m.resources.forEach((r) => (note("resource", r), fields(r.fields)));
    m.lookups.forEach((l) => (note("lookup", l), fields(l.inputs), fields(l.results)));
    m.types.forEach((t) => (note("type", t), t.kind === "object" && fields(t.fields)));
    m.enums.forEach((e) => note("enum", e));
  }
  return out;
}

describe("the diff's view of the model", () => {
  it("has decided what to do with every attribute the schemas use", () => {
    const models = [
      ...loadModels(join(ROOT, "schemas")),
      ...loadModels(BASE),
      ...loadModels(join(ROOT, "test/fixtures/kitchen-sink/schemas")),
    ];
    const unknown = Object.entries(seen(models)).flatMap(([kind, keys]) =>
      [...keys].filter((k) => !(k in ATTRIBUTES[kind]!)).map((k) => `${kind}.${k}`),
    );
    expect(unknown, "attributes the diff neither compares nor deliberately ignores").toEqual([]);
  });
});
