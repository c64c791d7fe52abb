import { entity, expandIncludes, ownFields, type LocatedField, type ProviderIndex } from "../../load/providerIndex.js";
import type { RawEntity, RawField, RawTypeSpec } from "../../load/rawTypes.js";
import type { Path, SourceDoc } from "../../load/sourceDoc.js";
import type { Mode, Protocol } from "../../model/types.js";
import { collisionKey, type WireCase } from "../../naming.js";
import type { Usage } from "../typeUsage.js";

/** Where a field map sits, which decides what its fields may say. */
export interface Scope {
  /** "input": fields are inputs unless marked output; "output": everything is output. */
  readonly position: "input" | "output";
  /** `mode` must be written (entity-level field maps). */
  readonly modeRequired: boolean;
  /** `mode` must not be written (under a lookup's or an output field's outputs). */
  readonly modeForbidden: boolean;
  readonly modes?: readonly string[] | undefined;
  /** Provider config, or a type it uses: where `env` may be read. */
  readonly config: boolean;
  readonly wireCase: WireCase;
  /** The entity's top-level fields, which `familyFrom` may name; unknown in shared types (resolved where used). */
  readonly rootFields?: ReadonlyMap<string, RawField> | undefined;
  /** The nearest enclosing output field marked `secret: false`. */
  readonly nonSecretOutput?: string | undefined;
}

/** One field map. Fields whose names clash with an earlier one's are set apart and not looked into. */
export interface FieldMapSite {
  readonly scope: Scope;
  readonly fields: readonly LocatedField[];
  readonly clashes: readonly { readonly field: LocatedField; readonly prior: LocatedField }[];
}

export interface FieldSite {
  readonly field: LocatedField;
  readonly scope: Scope;
  readonly mode: Mode;
  readonly isInput: boolean;
  /** Every field of its map by name, which `requiredWhen` and `conflictsWith` may name. */
  readonly siblings: ReadonlyMap<string, RawField>;
}

export interface SpecSite {
  readonly spec: RawTypeSpec;
  readonly src: SourceDoc;
  readonly path: Path;
  /** The field it belongs to (its items and values are specs of the same field). */
  readonly name: string;
  readonly scope: Scope;
}

/** Everything of one document that its rules look at, found once and shared by all of them. */
export interface Walk {
  readonly maps: readonly FieldMapSite[];
  readonly fields: readonly FieldSite[];
  readonly specs: readonly SpecSite[];
  /** The document as a resource or lookup with its fields, groups included: when its every group is a valid one. */
  readonly resources: readonly { readonly src: SourceDoc; readonly fields: readonly LocatedField[] }[];
  readonly lookups: readonly {
    readonly src: SourceDoc;
    readonly inputs: readonly LocatedField[];
    readonly outputs: readonly LocatedField[];
  }[];
}

/**
 * A document that passed the meta-schema, and all its rules read beyond it: its findings are a
 * function of this alone (documentKey in ruleInput.ts keys every field).
 */
export interface DocumentInput {
  readonly src: SourceDoc;
  /** The groups its `include` names that passed the meta-schema (an invalid one's fields could hold anything). */
  readonly groups: ReadonlyMap<string, SourceDoc>;
  /** The provider's wire case, its entities' default. */
  readonly providerCase: WireCase;
  /** What the provider's environment variables start with. */
  readonly envPrefix: string | undefined;
  /** The provider's protocol ("none" without one); undefined while its file is invalid or unread: nothing reliable to bind to. */
  readonly protocol: Protocol | "none" | undefined;
  /** A type's usage by the provider's other documents: where its fields sit. */
  readonly usage: Usage | undefined;
}

const REQUIRED_OR_OPTIONAL = ["required", "optional"];
const NO_USAGE = { input: false, output: false, config: false };

/** Every scope has this one shape (rules read scopes of thousands of fields, so they stay monomorphic). */
const scope = (s: Scope): Scope => ({
  position: s.position,
  modeRequired: s.modeRequired,
  modeForbidden: s.modeForbidden,
  modes: s.modes,
  config: s.config,
  wireCase: s.wireCase,
  rootFields: s.rootFields,
  nonSecretOutput: s.nonSecretOutput,
});

/** The scope of what a field holds (its items, values and own fields): an output holds outputs. */
const inner = (s: Scope, isInput: boolean, nonSecretOutput: string | undefined): Scope =>
  scope({
    ...s,
    position: isInput ? s.position : "output",
    modeRequired: false,
    modeForbidden: s.modeForbidden || !isInput,
    modes: undefined,
    nonSecretOutput,
  });

/** Whether the types' usage is known: every document is valid, so none may use a type unseen. */
export const usageKnown = (index: ProviderIndex, valid: ReadonlySet<SourceDoc>): boolean =>
  index.unread.size === 0 &&
  [index.provider, ...index.resources, ...index.lookups, ...index.types.values()].every(
    (src) => !src || valid.has(src),
  );

/**
 * Each valid document's input: provider, resources, lookups, then types. Types are checked as used
 * (`usage`, by name), known only once every document is valid (usageKnown): until then they wait.
 * Of the documents' data only the provider's is read: the others are found by their outlines.
 */
export function documentInputs(
  index: ProviderIndex,
  valid: ReadonlySet<SourceDoc>,
  usage: ReadonlyMap<string, Usage> | undefined,
): DocumentInput[] {
  const isValid = (src: SourceDoc) => valid.has(src);
  const provider = index.provider && isValid(index.provider) ? entity(index.provider) : undefined;
  const protocol = provider
    ? (provider.protocol ?? "none")
    : index.provider || index.unread.size > 0
      ? undefined
      : "none";
  const input = (src: SourceDoc, usage?: Usage): DocumentInput => ({
    src,
    groups: new Map(
      (src.outline.include ?? []).flatMap((name) => {
        const group = index.types.get(name);
        return group && isValid(group) ? [[name, group]] : [];
      }),
    ),
    providerCase: provider?.wireCase ?? "camel",
    envPrefix: provider?.envPrefix,
    protocol,
    usage,
  });
  const types = usage ? [...index.types.entries()].filter(([, src]) => isValid(src)) : [];
  return [
    ...(provider ? [input(index.provider!)] : []),
    ...[...index.resources, ...index.lookups].filter(isValid).map((src) => input(src)),
    ...types.map(([name, src]) => input(src, usage?.get(name) ?? NO_USAGE)),
  ];
}

/** The field maps, fields and type specs of one document, its included groups' fields among its own. */
export function walkDocument({ src, groups, providerCase, usage = NO_USAGE }: DocumentInput): Walk {
  const maps: FieldMapSite[] = [];
  const fields: FieldSite[] = [];
  const specs: SpecSite[] = [];
  const e = entity(src);
  const wireCase = e.wireCase ?? providerCase;
  const rootOf = (list: readonly LocatedField[]) => new Map(list.map((f) => [f.name, f.raw]));

  const fieldMap = (list: readonly LocatedField[], at: Scope): void => {
    const byKey = new Map<string, LocatedField>();
    const kept: LocatedField[] = [];
    const clashes: FieldMapSite["clashes"][number][] = [];
    for (const f of list) {
      const prior = byKey.get(collisionKey(f.name));
      if (prior) clashes.push({ field: f, prior });
      else (byKey.set(collisionKey(f.name), f), kept.push(f));
    }
    maps.push({ scope: at, fields: kept, clashes });
    const siblings = rootOf(list);
    // Fields share the scopes of what they hold, but for an output marked `secret: false`.
    const held = { input: inner(at, true, at.nonSecretOutput), output: inner(at, false, at.nonSecretOutput) };
    for (const f of kept) {
      const mode: Mode = at.position === "output" ? "output" : (f.raw.mode ?? "optional");
      const isInput = mode !== "output";
      fields.push({ field: f, scope: at, mode, isInput, siblings });
      const within = isInput ? held.input : f.raw.secret === false ? inner(at, false, f.name) : held.output;
      spec(f.raw, f.src, f.path, f.name, within);
    }
  };
  // A spec's scope is already that of what its field holds, and so also its own fields' scope.
  const spec = (s: RawTypeSpec, src: SourceDoc, path: Path, name: string, within: Scope): void => {
    specs.push({ spec: s, src, path, name, scope: within });
    if (s.items) spec(s.items, src, [...path, "items"], name, within);
    if (s.values) spec(s.values, src, [...path, "values"], name, within);
    if (s.fields) fieldMap(ownFields(src, "fields", s.fields, path), within);
  };
  /** An entity's own fields: inputs, each with its mode (one of `modes` when given), or outputs, none with one. */
  const entityFields = (
    list: readonly LocatedField[],
    position: "input" | "output",
    modes?: readonly string[],
    config = false,
  ) =>
    fieldMap(
      list,
      scope({
        position,
        modeRequired: position === "input",
        modeForbidden: position === "output",
        modes,
        config,
        wireCase,
        rootFields: rootOf(list),
      }),
    );
  const expand = (key: "fields" | "inputs", own: RawEntity["fields"]) =>
    expandIncludes({ types: groups }, e.include, ownFields(src, key, own));
  // Checks that look an entity's fields up by name wait while its included groups are not all known.
  const whole = (e.include ?? []).every((name) => groups.has(name));
  const resources: Walk["resources"][number][] = [];
  const lookups: Walk["lookups"][number][] = [];
  if (src.folder === "provider") {
    entityFields(ownFields(src, "config", e.config), "input", REQUIRED_OR_OPTIONAL, true);
    for (const [fn, spec] of Object.entries(e.functions ?? {})) {
      entityFields(ownFields(src, "inputs", spec.inputs, ["functions", fn]), "input", REQUIRED_OR_OPTIONAL);
      entityFields(ownFields(src, "outputs", spec.outputs, ["functions", fn]), "output");
    }
  } else if (src.folder === "resources") {
    const list = expand("fields", e.fields);
    entityFields(list, "input");
    if (whole) resources.push({ src, fields: list });
  } else if (src.folder === "lookups") {
    const [inputs, outputs] = [expand("inputs", e.inputs), ownFields(src, "outputs", e.outputs)];
    entityFields(inputs, "input", REQUIRED_OR_OPTIONAL);
    entityFields(outputs, "output");
    if (whole) lookups.push({ src, inputs, outputs });
  } else {
    const base = { modeForbidden: false, config: usage.config, wireCase };
    // A group's fields are checked as written here, and again in each entity including it.
    if (e.kind === "group")
      fieldMap(ownFields(src, "fields", e.fields), scope({ ...base, position: "input", modeRequired: true }));
    else if (e.kind === "object")
      fieldMap(
        expand("fields", e.fields),
        scope({ ...base, position: usage.input || usage.config ? "input" : "output", modeRequired: false }),
      );
  }
  return { maps, fields, specs, resources, lookups };
}
