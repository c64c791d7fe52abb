import { entity, expandIncludes, ownFields, type LocatedField, type ProviderIndex } from "../load/providerIndex.js";
import type { RawCondition, RawEntity, RawEnumValue, RawExample, RawImportId, RawTypeSpec } from "../load/rawTypes.js";
import type { Path, SourceDoc } from "../load/sourceDoc.js";
import { pascal, toWireCase, type WireCase } from "../naming.js";
import type {
  Condition,
  EnumType,
  EnumValue,
  Example,
  Field,
  Format,
  IdFormat,
  ImportId,
  Lookup,
  Mode,
  NamedType,
  ObjectType,
  PackageModel,
  Provider,
  Readiness,
  Resource,
  TypeSpec,
} from "./types.js";
import { specsIn } from "./paths.js";
import { SOURCE } from "./types.js";

type Position = "input" | "output";
/** The ecosystem's convention for SDKs; a provider's `package.license` overrides it. */
const DEFAULT_LICENSE = "Apache-2.0";

const byName = <T extends { name: string }>(a: T, b: T) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** Builds the model of one provider whose schemas passed validation. */
export const buildModel = (index: ProviderIndex): PackageModel =>
  assembleModel(index, sliceInputs(index).map(buildSlice));

/** A document's part of the model, and all it is made of: buildSlice builds the part from this alone. */
export interface SliceInput {
  readonly src: SourceDoc;
  /** The groups its `include` names: all it reads of the provider's other documents. */
  readonly groups: ReadonlyMap<string, SourceDoc>;
  /** The provider's wire case, its entities' default. */
  readonly providerCase: WireCase;
}

/** The node of a document, and the types and enums building it declared, in order. */
export type Slice =
  | SliceOf<"types", NamedType>
  | SliceOf<"provider", Provider>
  | SliceOf<"resources", Resource>
  | SliceOf<"lookups", Lookup>;
type SliceOf<F, T> = {
  readonly folder: F;
  readonly node: T;
  readonly declared: readonly { readonly type: NamedType; readonly at: string }[];
  readonly enums: readonly EnumType[];
};

/** One input per document that makes a part of the model: types (groups are included, not built), provider, resources, lookups. */
export function sliceInputs(index: ProviderIndex): SliceInput[] {
  const providerCase: WireCase = entity(index.provider!).wireCase ?? "camel";
  const built = [...index.types.values()].filter((src) => ["object", "union"].includes(entity(src).kind));
  return [...built, index.provider!, ...index.resources, ...index.lookups].map((src) => ({
    src,
    providerCase,
    groups: new Map((entity(src).include ?? []).flatMap((g) => (index.types.has(g) ? [[g, index.types.get(g)!]] : []))),
  }));
}

/** One document's part of the model. */
export function buildSlice({ src, groups, providerCase }: SliceInput): Slice {
  const declared: { type: NamedType; at: string }[] = [];
  const enums: EnumType[] = [];
  const b = builder(declared, enums);
  const e = entity(src);
  const wireCase = e.wireCase ?? providerCase;
  const included = (key: "fields" | "inputs", own: RawEntity["fields"]) =>
    expandIncludes({ types: groups }, e.include, ownFields(src, key, own));
  const sliced = <F extends Slice["folder"], T>(folder: F, node: T) => ({ folder, node, declared, enums });
  switch (src.folder) {
    case "types":
      return sliced("types", b.declare(namedType(src, e, wireCase, b, included("fields", e.fields)), src.file));
    case "provider":
      return sliced("provider", provider(src, e, wireCase, b));
    case "resources":
      return sliced("resources", resource(src, e, wireCase, b, included("fields", e.fields)));
    case "lookups":
      return sliced("lookups", lookup(src, e, wireCase, b, included("inputs", e.inputs)));
  }
}

/** The model made of its slices: types declared in slice order (a name declared elsewhere again is kept, for planning to report), sorted. */
export function assembleModel(index: ProviderIndex, slices: readonly Slice[]): PackageModel {
  const enums = new Map<string, EnumType>();
  const types = new Map<string, NamedType>();
  /** Where each named type is declared. A group's inline objects are hoisted again for each entity including it. */
  const declaredAt = new Map<string, string>();
  const clashing: NamedType[] = [];
  for (const s of slices) {
    for (const { type, at } of s.declared) {
      const prior = declaredAt.get(type.name);
      if (prior === undefined || prior === at) (types.set(type.name, type), declaredAt.set(type.name, at));
      else clashing.push(type);
    }
    for (const e of s.enums) enums.set(e.name, e);
  }
  const nodes = <F extends Slice["folder"]>(folder: F) =>
    slices.flatMap((s) => (s.folder === folder ? [s.node as Extract<Slice, { folder: F }>["node"]] : []));
  return withUsage({
    provider: nodes("provider")[0]!,
    resources: nodes("resources").sort(byName),
    lookups: nodes("lookups").sort(byName),
    types: [...types.values(), ...clashing].sort(byName),
    enums: [...enums.values()].sort(byName),
    hooks: [...index.hooks.values()].map(({ name, file, text }) => ({ name, file, text })).sort(byName),
  });
}

function namedType(src: SourceDoc, e: RawEntity, wireCase: WireCase, b: Builder, fields: LocatedField[]): NamedType {
  const head = { name: e.name, description: e.description.trim() };
  const tail = { usage: NO_USAGE, file: src.file, [SOURCE]: src.position(["name"]) };
  if (e.kind === "object")
    return { kind: "object", ...head, fields: b.located(fields, e.name, wireCase, "input"), inline: false, ...tail };
  const d = e.discriminator!;
  return {
    kind: "union",
    ...head,
    discriminator: {
      field: d.field,
      wireName: d.wireName ?? toWireCase(d.field, wireCase),
      caseInsensitive: !!d.caseInsensitive,
      description: d.description.trim(),
    },
    variants: Object.entries(e.variants ?? {})
      .map(([value, v]) => ({ value, ref: v.ref, ...pick(v, ["wireValue", "description", "deprecated"]) }))
      .sort((a, b) => (a.value < b.value ? -1 : 1)),
    ...tail,
  };
}

function provider(src: SourceDoc, p: RawEntity, providerCase: WireCase, b: Builder): Provider {
  return {
    name: p.name,
    displayName: p.displayName ?? p.name,
    description: p.description.trim(),
    envPrefix: p.envPrefix!,
    ...(p.protocol && { protocol: p.protocol }),
    package: { ...p.package!, keywords: p.package!.keywords ?? [], license: p.package!.license ?? DEFAULT_LICENSE },
    config: b.located(ownFields(src, "config", p.config), "Provider", providerCase, "input"),
    functions: Object.entries(p.functions ?? {})
      .map(([name, fn]) => {
        const fields = (key: "inputs" | "outputs", position: Position) =>
          b.located(ownFields(src, key, fn[key], ["functions", name]), pascal(name), providerCase, position);
        return {
          name,
          token: fn.token,
          description: fn.description.trim(),
          ...(fn.receiver && { receiver: fn.receiver }),
          inputs: fields("inputs", "input"),
          outputs: fields("outputs", "output"),
          [SOURCE]: src.position(["functions", name], "key"),
        };
      })
      .sort(byName),
    examples: examples(p.examples),
    ...(p.quickStart !== undefined && { quickStart: p.quickStart }),
    file: src.file,
    [SOURCE]: src.position(["name"]),
  };
}

function resource(src: SourceDoc, e: RawEntity, wireCase: WireCase, b: Builder, fields: LocatedField[]): Resource {
  return {
    ...entityHead(e),
    fields: b.located(fields, e.name, wireCase, "input"),
    importId: importId(e.importId!),
    lifecycleNotes: (e.lifecycle?.notes ?? []).map((n) => n.trim()),
    // Keys sorted, so reordering them in the YAML changes nothing generated.
    ...(e.operations && { operations: sortedKeys(e.operations) as NonNullable<Resource["operations"]> }),
    ...(e.readiness && { readiness: sortedKeys(e.readiness) as Readiness }),
    ...(e.createdAt && { createdAt: e.createdAt }),
    ...entityTail(e, src),
  };
}

function lookup(src: SourceDoc, e: RawEntity, wireCase: WireCase, b: Builder, fields: LocatedField[]): Lookup {
  const owner = pascal(e.name);
  const inputs = b.located(fields, owner, wireCase, "input");
  const outputs = b.located(ownFields(src, "outputs", e.outputs), owner, wireCase, "output");
  const echoed = inputs
    .filter((i) => !outputs.some((o) => o.name === i.name))
    .map((i): Field => stripInputOnly({ ...i, mode: "output", guaranteed: i.mode === "required" }));
  return {
    ...entityHead(e),
    inputs,
    results: [...outputs, ...echoed].sort(byName),
    ...(e.operation && {
      operation: e.operation === "hook" ? "hook" : (sortedKeys(e.operation) as Readonly<Record<string, unknown>>),
    }),
    ...entityTail(e, src),
  };
}

type Builder = ReturnType<typeof builder>;

function builder(declared: { type: NamedType; at: string }[], enums: EnumType[]) {
  const declare = <T extends NamedType>(type: T, at: string): T => (declared.push({ type, at }), type);

  const enumValues = (list: readonly RawEnumValue[]): EnumValue[] =>
    list.map((v) =>
      typeof v === "object"
        ? {
            value: v.value,
            ...(v.description && { description: v.description.trim() }),
            ...(v.deprecated && { deprecated: v.deprecated }),
          }
        : { value: v },
    );

  const spec = (
    raw: RawTypeSpec,
    owner: string,
    field: string,
    wireCase: WireCase,
    src: SourceDoc,
    path: Path,
    position: Position,
    description: string,
  ): TypeSpec => {
    let ref = raw.ref;
    if (raw.fields) {
      ref = raw.typeName ?? owner + pascal(field);
      const inline: ObjectType = {
        kind: "object",
        name: ref,
        description,
        fields: located(ownFields(src, "fields", raw.fields, path), ref, wireCase, position),
        inline: true,
        usage: NO_USAGE,
        file: src.file,
        [SOURCE]: raw.typeName ? src.position([...path, "typeName"]) : src.position([...path, "fields"], "key"),
      };
      declare(inline, `${src.file} ${JSON.stringify(path)}`);
    }
    let enumName: string | undefined;
    if (raw.enum) {
      enumName = raw.enumName ?? owner + pascal(field);
      enums.push({
        name: enumName,
        base: raw.type as EnumType["base"],
        values: enumValues(raw.enum),
        caseInsensitive: !!raw.caseInsensitive,
        [SOURCE]: raw.enumName ? src.position([...path, "enumName"]) : src.position([...path, "enum"], "key"),
      });
    }
    const inner = (key: "items" | "values", s: RawTypeSpec) =>
      spec(s, owner, field, wireCase, src, [...path, key], position, description);
    return {
      kind: raw.type,
      ...(raw.items && { items: inner("items", raw.items) }),
      ...(raw.values && { values: inner("values", raw.values) }),
      ...(ref && { ref }),
      ...(enumName && { enum: enumName }),
      ...(raw.knownValues && { knownValues: enumValues(raw.knownValues) }),
      ...pick(raw, [
        "minimum",
        "maximum",
        "notOneOf",
        "minItems",
        "maxItems",
        "minLength",
        "maxLength",
        "pattern",
        "familyFrom",
      ]),
      ...(raw.format && { format: raw.format as Format }),
      secret: !!raw.secret,
    };
  };

  const field = (
    { name, raw, src, path, group }: LocatedField,
    owner: string,
    wireCase: WireCase,
    position: Position,
  ): Field => {
    const mode: Mode = position === "output" ? "output" : (raw.mode ?? "optional");
    const description = raw.description.trim();
    const roc = raw.replaceOnChange;
    return {
      name,
      wireName: raw.wireName ?? toWireCase(name, wireCase),
      description,
      mode,
      guaranteed: !!raw.guaranteed,
      type: spec(raw, owner, name, wireCase, src, path, mode === "output" ? "output" : position, description),
      ...(raw.default !== undefined && { default: raw.default }),
      ...(raw.env && { env: raw.env }),
      ...(raw.deprecated && { deprecated: raw.deprecated.trim() }),
      ...(roc !== undefined && {
        replaceOnChange:
          typeof roc === "string"
            ? { reason: roc.trim() }
            : { reason: roc.reason.trim(), ...(roc.exceptVariants && { exceptVariants: roc.exceptVariants }) },
      }),
      // Rebuilt rather than copied, so the descriptor's key order is the model's, not the file's.
      ...(raw.requiredWhen && { requiredWhen: condition(raw.requiredWhen) }),
      ...(raw.onlyWhen && { onlyWhen: condition(raw.onlyWhen) }),
      conflictsWith: raw.conflictsWith ?? [],
      writeOnly: !!raw.writeOnly,
      ...(raw.exposed && { exposed: true as const }),
      ...(raw.wirePath !== undefined && {
        wirePath:
          typeof raw.wirePath === "string" ? { create: raw.wirePath, update: raw.wirePath } : sortedKeys(raw.wirePath),
      }),
      ...(raw.onChange && { onChange: raw.onChange }),
      ...(raw.notSent !== undefined && { notSent: raw.notSent.trim() }),
      ...(raw.references && { references: raw.references }),
      ...(group && { group }),
      [SOURCE]: src.position(path, "key"),
    };
  };

  /** Fields from a group are named (their inline objects and enums) after the group, not the entity. */
  function located(list: readonly LocatedField[], owner: string, wireCase: WireCase, position: Position): Field[] {
    return list.map((f) => field(f, f.group ?? owner, wireCase, position)).sort(byName);
  }

  return { declare, located };
}

const NO_USAGE = { input: false, output: false };

const entityHead = (e: RawEntity) => ({
  name: e.name,
  token: e.token!,
  description: e.description.trim(),
  ...(e.deprecated && { deprecated: e.deprecated.trim() }),
});

const entityTail = (e: RawEntity, src: SourceDoc) => ({
  ...(e.hooks && { hooks: e.hooks }),
  examples: examples(e.examples),
  file: src.file,
  [SOURCE]: src.position(["name"]),
});

/** A condition's values: its one (`equals`) or its several (`in`); the required-when rule saw to one of them. */
const condition = (raw: RawCondition): Condition => ({ field: raw.field, values: raw.in ?? [raw.equals!] });

/** An echoed input in a result keeps its type and docs but none of its input-side rules. */
function stripInputOnly(f: Field): Field {
  const { default: _default, requiredWhen: _when, onlyWhen: _only, replaceOnChange: _roc, ...rest } = f;
  return { ...rest, conflictsWith: [] };
}

/** Written examples, in schema order (the first is the one a page leads with). */
const examples = (raw: readonly RawExample[] | undefined): Example[] =>
  (raw ?? []).map((x) => ({
    title: x.title.trim(),
    ...(x.description && { description: x.description.trim() }),
    code: x.code.trimEnd() + "\n",
  }));

function importId(raw: RawImportId): ImportId {
  const format: IdFormat | undefined = raw.parts && {
    separator: raw.separator ?? ":",
    parts: raw.parts.map((part) => ({
      field: part.field,
      type: part.type,
      optional: !!part.optional,
      ...pick(part, ["minimum", "itemSeparator"]),
    })),
  };
  if (raw.unsupported) return { supported: false, reason: raw.unsupported.trim(), ...(format && { format }) };
  return { supported: true, ...format!, ...(raw.description && { description: raw.description.trim() }) };
}

function withUsage(model: PackageModel): PackageModel {
  const byType = new Map(model.types.map((t) => [t.name, { input: false, output: false }]));
  const types = new Map(model.types.map((t) => [t.name, t]));
  const mark = (name: string, as: "input" | "output") => {
    const u = byType.get(name);
    if (!u || u[as]) return;
    u[as] = true;
    const t = types.get(name)!;
    if (t.kind === "union") t.variants.forEach((v) => mark(v.ref, as));
    else t.fields.forEach((f) => walk(f, as));
  };
  const walkSpec = (spec: TypeSpec, as: "input" | "output") => {
    for (const s of specsIn(spec)) if (s.ref) mark(s.ref, as);
  };
  const walk = (f: Field, as: "input" | "output") => {
    if (as === "output" || f.mode !== "output") walkSpec(f.type, as);
    if (as === "input") walkSpec(f.type, "output");
  };
  const { config, functions } = model.provider;
  const inputs = [...config, ...functions.flatMap((fn) => fn.inputs), ...model.lookups.flatMap((l) => l.inputs)];
  const outputs = [...functions.flatMap((fn) => fn.outputs), ...model.lookups.flatMap((l) => l.results)];
  // A resource's fields include its outputs: walk marks those only as read.
  for (const f of [...inputs, ...model.resources.flatMap((r) => r.fields)]) walk(f, "input");
  for (const f of outputs) walk(f, "output");
  return { ...model, types: model.types.map((t) => ({ ...t, usage: byType.get(t.name)! })) };
}

function sortedKeys<T>(value: T): T {
  if (Array.isArray(value)) return value.map(sortedKeys) as T;
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((k) => [k, sortedKeys((value as Record<string, unknown>)[k])]),
  ) as T;
}

function pick<T extends object, K extends keyof T>(o: T, keys: readonly K[]): Partial<Pick<T, K>> {
  const out: Partial<Pick<T, K>> = {};
  for (const k of keys) if (o[k] !== undefined) out[k] = o[k];
  return out;
}
