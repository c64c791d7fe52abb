import type { Condition, EnumType, Field, TypeSpec } from "../model/types.js";
import { changed, type Fact, type Position } from "./classify.js";
import { canonical, listText, shapeOf, typeText, valueText, type Lookups } from "./describe.js";
import { matchByName, pairRenames } from "./rename.js";

/** Both models' named types and enums, and the shared types found renamed (old name to new). */
export interface Sides {
  readonly old: Lookups;
  readonly new: Lookups;
  readonly renamedTypes: ReadonlyMap<string, string>;
  /** The entity holding the fields was renamed: names derived from it (inline types, enums) follow it. */
  readonly ownerRenamed?: boolean;
}

export type Emit = (fact: Fact, position: Position) => void;
/** Emits a fact at a path already known. */
type FactAt = (f: Omit<Fact, "path">) => void;
export type Pair<T> = { readonly old: T; readonly new: T };

/** The position of the object holding some fields; provider config also resolves defaults into `ProviderConfig`. */
export type Scope = Position & { readonly defaultsResolve?: boolean };

const positionOf = (f: Field, parent: Position): Position => ({
  settable: parent.settable && f.mode !== "output",
  readable: parent.readable,
  serviceSet: parent.serviceSet || f.mode === "output" || f.mode === "optional-computed",
  ...(parent.configured && { configured: true }),
});

/** Whether a program reading the field gets a non-optional property (`readonly x: T`). */
const present = (f: Field, parent: Scope): boolean =>
  parent.readable && (f.mode === "required" || f.guaranteed || (!!parent.defaultsResolve && f.default !== undefined));

/** A field but for its names and prose: equal signatures on a removed and an added field mean a rename. */
const signature = (f: Field, side: Lookups) => {
  const { name: _n, wireName: _w, description: _d, group: _g, type, ...rest } = f;
  return canonical({ ...rest, type: shapeOf(type, side) });
};

/** Fields matched by name, then renames by signature, and compared through nested inline objects (not shared types). */
export function compareFields(
  oldFields: readonly Field[],
  newFields: readonly Field[],
  prefix: string,
  scopes: Pair<Scope>,
  sides: Sides,
  emit: Emit,
): void {
  const byName = matchByName(oldFields, newFields, (f) => f.name);
  const renames = pairRenames(byName.removed, byName.added, (f, side) => signature(f, sides[side]));
  // The signature covers every attribute, so a renamed field has nothing else to compare.
  for (const [a, b] of renames.pairs) {
    const what = `renamed from ${a.name} to ${b.name}${a.wireName === b.wireName ? " (same wire key)" : ""}`;
    const p = positionOf(a, scopes.old);
    emit({ code: "field-renamed", path: prefix + b.name, what, before: a.name, after: b.name }, p);
  }
  for (const a of renames.removed)
    emit({ code: "field-removed", path: prefix + a.name, what: `${modeText(a)} removed` }, positionOf(a, scopes.old));
  for (const b of renames.added) {
    const p = positionOf(b, scopes.new);
    const code = p.settable && b.mode === "required" ? "required-field-added" : "field-added";
    emit({ code, path: prefix + b.name, what: `${modeText(b)} added (${typeText(b.type, sides.new)})` }, p);
  }
  for (const [a, b] of byName.pairs) compareField(a, b, prefix + a.name, scopes, sides, emit);
}

const modeText = (f: Field) =>
  f.mode === "required" ? "required input" : f.mode === "output" ? "output" : "optional input";

function compareField(a: Field, b: Field, path: string, scopes: Pair<Scope>, sides: Sides, emit: Emit): void {
  const [pa, pb] = [positionOf(a, scopes.old), positionOf(b, scopes.new)];
  const fact = (f: Omit<Fact, "path">, p = pb) => emit({ path, ...f }, p);
  const modes = { before: a.mode, after: b.mode };
  const [wasPresent, isPresent] = [present(a, scopes.old), present(b, scopes.new)];

  let presenceReported = false;
  if (a.mode !== "output" && b.mode === "output")
    fact({ code: "made-output", what: "turned output-only", ...modes }, pa);
  else if (a.mode === "output" && b.mode !== "output") {
    const what = `turned into ${b.mode === "required" ? "a required" : "an optional"} input`;
    fact({ code: b.mode === "required" ? "made-required" : "made-input", what, ...modes });
  } else if (a.mode !== "required" && b.mode === "required")
    fact({ code: "made-required", what: "made required", ...modes });
  else if (a.mode === "required" && b.mode !== "required") {
    presenceReported = wasPresent && !isPresent;
    fact({ code: presenceReported ? "made-optional-in-outputs" : "made-optional", what: "made optional", ...modes });
  } else if (a.mode !== b.mode) {
    const what = `mode ${a.mode} changed to ${b.mode}`;
    fact({ code: b.mode === "optional-computed" ? "computed-added" : "computed-removed", what, ...modes });
  }

  if (a.guaranteed !== b.guaranteed && !presenceReported) {
    if (wasPresent && !isPresent) fact({ code: "guarantee-removed", what: "no longer guaranteed to be present" });
    else if (!wasPresent && isPresent) fact({ code: "guarantee-added", what: "now guaranteed to be present" });
  }

  if (canonical(a.default) !== canonical(b.default)) {
    const what = `default changed from ${valueText(a.default)} to ${valueText(b.default)}`;
    fact({ code: "default-changed", what, before: a.default, after: b.default });
  }

  if (a.env !== b.env) {
    if (!a.env) fact({ code: "env-added", what: `read from ${b.env}`, after: b.env });
    else if (!b.env) fact({ code: "env-removed", what: `no longer read from ${a.env}`, before: a.env });
    else {
      const what = `environment variable ${a.env} renamed to ${b.env}`;
      fact({ code: "env-renamed", what, before: a.env, after: b.env });
    }
  }

  if (!a.exposed && b.exposed) fact({ code: "exposed-added", what: "now also a property of the Provider instance" });
  else if (a.exposed && !b.exposed)
    fact({ code: "exposed-removed", what: "no longer a property of the Provider instance" });

  if (!a.writeOnly && b.writeOnly) fact({ code: "write-only-added", what: "now write-only" });
  else if (a.writeOnly && !b.writeOnly) fact({ code: "write-only-removed", what: "no longer write-only" });

  compareDeprecation(a, b, fact);
  compareReplaceOnChange(a, b, fact);
  compareBinding(a, b, fact);

  compareCondition("required", fact, a.requiredWhen, b.requiredWhen);
  compareCondition("only", fact, a.onlyWhen, b.onlyWhen);

  const conflictsAdded = b.conflictsWith.filter((c) => !a.conflictsWith.includes(c));
  const conflictsRemoved = a.conflictsWith.filter((c) => !b.conflictsWith.includes(c));
  if (conflictsAdded.length) fact({ code: "conflicts-added", what: `now conflicts with ${conflictsAdded.join(", ")}` });
  if (conflictsRemoved.length)
    fact({ code: "conflicts-removed", what: `no longer conflicts with ${conflictsRemoved.join(", ")}` });

  if (a.wireName !== b.wireName) {
    const what = `wire key changed from "${a.wireName}" to "${b.wireName}"`;
    fact({ code: "wire-name-changed", what, before: a.wireName, after: b.wireName });
  }

  compareSpec(a.type, b.type, path, { old: pa, new: pb }, sides, emit);
}

export function compareDeprecation(a: { deprecated?: string }, b: { deprecated?: string }, fact: FactAt): void {
  if (a.deprecated === b.deprecated) return;
  if (!a.deprecated) fact({ code: "deprecation-added", what: `deprecated (${b.deprecated})` });
  else if (!b.deprecated) fact({ code: "deprecation-removed", what: "no longer deprecated" });
  else fact({ code: "deprecation-changed", what: `deprecation notice now reads: ${b.deprecated}` });
}

/** Where a field goes on the wire and what a change to it does: a newly refused change breaks updates. */
function compareBinding(a: Field, b: Field, fact: FactAt): void {
  const binding = (f: Field) => ({ wirePath: f.wirePath, onChange: f.onChange, notSent: f.notSent });
  const [before, after] = [binding(a), binding(b)];
  if (canonical(before) === canonical(after)) return;
  const rejects = (f: Field) => !!f.onChange && "reject" in f.onChange;
  if (rejects(b) && !rejects(a))
    fact({ code: "change-rejected", what: "a change to it is now refused", before: a.onChange, after: b.onChange });
  else fact({ code: "wire-binding-changed", what: "its wire path or change rule changed", before, after });
}

function compareReplaceOnChange(a: Field, b: Field, fact: FactAt): void {
  const [ra, rb] = [a.replaceOnChange, b.replaceOnChange];
  if (!ra && rb)
    fact({ code: "replace-on-change-added", what: `now forces replacement (${rb.reason})`, after: rb.reason });
  else if (ra && !rb)
    fact({ code: "replace-on-change-removed", what: "no longer forces replacement", before: ra.reason });
  else if (ra && rb) {
    // Variants listed in exceptVariants update in place; every other variant forces replacement.
    const [before, after] = [ra.exceptVariants ?? [], rb.exceptVariants ?? []];
    const nowReplace = before.filter((v) => !after.includes(v));
    const nowInPlace = after.filter((v) => !before.includes(v));
    if (nowReplace.length) {
      const what = `variant ${nowReplace.join(", ")} now forces replacement (${rb.reason})`;
      fact({ code: "replace-on-change-added", what, before, after });
    }
    if (nowInPlace.length) {
      const what = `variant ${nowInPlace.join(", ")} now updates in place`;
      fact({ code: "replace-on-change-removed", what, before, after });
    }
  }
}

function compareSpec(a: TypeSpec, b: TypeSpec, path: string, positions: Pair<Position>, sides: Sides, emit: Emit) {
  const fact: FactAt = (f) => emit({ path, ...f }, positions.new);
  if (a.kind === "number" && b.kind === "integer")
    fact({ code: "bounds-tightened", what: "now whole numbers only (was number)", before: a.kind, after: b.kind });
  else if (a.kind === "integer" && b.kind === "number")
    fact({ code: "bounds-relaxed", what: "now any number (was integer)", before: a.kind, after: b.kind });
  else if (a.kind !== b.kind) return fact(typeChanged(a, b, sides));

  if (a.secret && !b.secret) fact({ code: "secret-removed", what: "no longer secret" });
  else if (!a.secret && b.secret) fact({ code: "secret-added", what: "now secret" });

  if (a.items && b.items) compareSpec(a.items, b.items, `${path}[*]`, positions, sides, emit);
  if (a.values && b.values) compareSpec(a.values, b.values, `${path}.*`, positions, sides, emit);
  const ta = a.ref ? sides.old.types.get(a.ref) : undefined;
  const tb = b.ref ? sides.new.types.get(b.ref) : undefined;
  if (b.kind === "object" && ta && tb) {
    // An inline object belongs to its field: its fields are this entity's, but its name is exported.
    if (ta.kind === "object" && tb.kind === "object" && (ta.inline || tb.inline)) {
      if (ta.name !== tb.name && !sides.ownerRenamed) fact(nameChanged("type", ta.name, tb.name));
      compareFields(ta.fields, tb.fields, `${path}.`, positions, sides, emit);
    } else if ((sides.renamedTypes.get(ta.name) ?? ta.name) !== tb.name || ta.kind !== tb.kind)
      fact(typeChanged(a, b, sides));
  }

  compareEnums(a, b, sides, fact);
  const known = (s: TypeSpec) => (s.knownValues ?? []).map((v) => v.value);
  const knownAdded = known(b).filter((v) => !known(a).includes(v));
  const knownRemoved = known(a).filter((v) => !known(b).includes(v));
  if (knownAdded.length || knownRemoved.length) {
    const what = [
      ...(knownAdded.length ? [`known values ${listText(knownAdded)} added`] : []),
      ...(knownRemoved.length ? [`known values ${listText(knownRemoved)} removed`] : []),
    ].join("; ");
    fact({ code: "known-values-changed", what, before: known(a), after: known(b) });
  }
  compareBounds(a, b, fact);
}

const typeChanged = (a: TypeSpec, b: TypeSpec, sides: Sides) =>
  changed("type-changed", "type", typeText(a, sides.old), typeText(b, sides.new));

/** A generated type's exported name changed (`typeName`, `enumName`): imports of the old name break. */
function nameChanged(what: "type" | "enum", before: string, after: string): Omit<Fact, "path"> {
  return { code: "type-name-changed", what: `generated ${what} ${before} renamed to ${after}`, before, after };
}

function compareEnums(a: TypeSpec, b: TypeSpec, sides: Sides, fact: FactAt): void {
  const ea = a.enum ? sides.old.enums.get(a.enum) : undefined;
  const eb = b.enum ? sides.new.enums.get(b.enum) : undefined;
  const values = (e: EnumType | undefined) => e?.values.map((v) => v.value) ?? [];
  const [va, vb] = [values(ea), values(eb)];
  if (ea && eb) {
    if (ea.name !== eb.name && !sides.ownerRenamed) fact(nameChanged("enum", ea.name, eb.name));
    const removed = va.filter((v) => !vb.includes(v));
    const added = vb.filter((v) => !va.includes(v));
    if (removed.length)
      fact({ code: "enum-narrowed", what: `allowed values ${listText(removed)} removed`, before: va, after: vb });
    if (added.length)
      fact({ code: "enum-widened", what: `allowed values ${listText(added)} added`, before: va, after: vb });
    for (const v of eb.values) {
      const before = ea.values.find((w) => w.value === v.value);
      if (before)
        compareDeprecation(before, v, (f) => fact({ ...f, what: `value ${JSON.stringify(v.value)} ${f.what}` }));
    }
    if (ea.caseInsensitive && !eb.caseInsensitive)
      fact({ code: "enum-case-sensitive", what: "values now match case-sensitively" });
    else if (!ea.caseInsensitive && eb.caseInsensitive)
      fact({ code: "enum-case-insensitive", what: "values now match ignoring case" });
  } else if (eb) fact({ code: "enum-added", what: `now one of ${listText(vb)}`, after: vb });
  else if (ea) fact({ code: "enum-removed", what: `no longer limited to ${listText(va)}`, before: va });
}

type BoundCode = "bounds" | "list-bounds" | "string-bounds";

/** Numeric, list-length and string limits: one tightened and one relaxed change at most per group. */
function compareBounds(a: TypeSpec, b: TypeSpec, fact: FactAt): void {
  const found = new Map<BoundCode, { tight: string[]; loose: string[]; keys: Set<keyof TypeSpec> }>();
  const note = (group: BoundCode, key: keyof TypeSpec, tighter: boolean, text: string) => {
    const g = found.get(group) ?? { tight: [], loose: [], keys: new Set() };
    (tighter ? g.tight : g.loose).push(text);
    g.keys.add(key);
    found.set(group, g);
  };
  /** A lower limit (`atLeast`) tightens when raised or added; an upper one when lowered or added. */
  const limit = (group: BoundCode, key: keyof TypeSpec, atLeast: boolean) => {
    const x = a[key] as number | undefined;
    const y = b[key] as number | undefined;
    if (x === y) return;
    if (y === undefined) return note(group, key, false, `${key} ${x} removed`);
    if (x === undefined) return note(group, key, true, `${key} ${y} added`);
    const tighter = atLeast ? y > x : y < x;
    note(group, key, tighter, `${key} ${y > x ? "raised" : "lowered"} from ${x} to ${y}`);
  };
  limit("bounds", "minimum", true);
  limit("bounds", "maximum", false);
  const excludedNow = (b.notOneOf ?? []).filter((v) => !(a.notOneOf ?? []).includes(v));
  const allowedNow = (a.notOneOf ?? []).filter((v) => !(b.notOneOf ?? []).includes(v));
  if (excludedNow.length) note("bounds", "notOneOf", true, `${listText(excludedNow)} now excluded`);
  if (allowedNow.length) note("bounds", "notOneOf", false, `${listText(allowedNow)} no longer excluded`);
  limit("list-bounds", "minItems", true);
  limit("list-bounds", "maxItems", false);
  limit("string-bounds", "minLength", true);
  limit("string-bounds", "maxLength", false);
  // iso8601 is also a conversion: epoch milliseconds read back as ISO strings, and sent as epoch ms where a protocol wants them.
  if (a.format !== b.format && (a.format === "iso8601" || b.format === "iso8601")) {
    const what = b.format === "iso8601" ? "now an ISO 8601 timestamp" : "no longer an ISO 8601 timestamp";
    fact({ code: "timestamp-conversion-changed", what, before: a.format, after: b.format });
  }
  for (const key of ["format", "familyFrom", "pattern"] as const) {
    const [x, y] = [a[key], b[key]];
    if (x === y) continue;
    if (y === undefined) note("string-bounds", key, false, `${key} ${x} removed`);
    else if (x === undefined) note("string-bounds", key, true, `${key} ${y} added`);
    // Whether one regular expression accepts less than another cannot be told in general.
    else if (key === "pattern") fact(changed("pattern-changed", "pattern", x, y));
    // A different format or address-family source accepts different values: treated as tighter.
    else note("string-bounds", key, true, `${key} changed from ${x} to ${y}`);
  }
  for (const [group, g] of found) {
    const pick = (s: TypeSpec) =>
      Object.fromEntries([...g.keys].filter((k) => s[k] !== undefined).map((k) => [k, s[k]]));
    if (g.tight.length) fact({ code: `${group}-tightened`, what: g.tight.join("; "), before: pick(a), after: pick(b) });
    if (g.loose.length) fact({ code: `${group}-relaxed`, what: g.loose.join("; "), before: pick(a), after: pick(b) });
  }
}

const conditionText = ({ field, values }: Condition) => `${field} is ${values.map(valueText).join(" or ")}`;
const within = (x: Condition, y: Condition) => x.field === y.field && x.values.every((v) => y.values.includes(v));
const sameValues = (x: Condition, y: Condition) => x.values.length === y.values.length && within(x, y);

/** Conditions compared in any value order; requiring under fewer values, or allowing under more, asks less (info). */
function compareCondition(kind: "required" | "only", fact: FactAt, a?: Condition, b?: Condition): void {
  const text = (c: Condition) => `${kind === "required" ? "required" : "allowed only"} when ${conditionText(c)}`;
  if (!a && !b) return;
  if (!a) return fact({ code: `${kind}-when-added`, what: `now ${text(b!)}`, after: b });
  if (!b) return fact({ code: `${kind}-when-removed`, what: `no longer ${text(a)}`, before: a });
  if (sameValues(a, b)) return;
  const relaxed = kind === "required" ? within(b, a) : within(a, b);
  const what = `condition changed from ${text(a)} to ${text(b)}`;
  fact({ code: relaxed ? `${kind}-when-relaxed` : `${kind}-when-changed`, what, before: a, after: b });
}
