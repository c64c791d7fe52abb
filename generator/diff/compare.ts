import { importFormat } from "../describe/describe.js";
import type {
  Field,
  IdFormat,
  ImportIdPart,
  Lookup,
  NamedType,
  PackageModel,
  ProviderFunction,
  Resource,
  UnionType,
} from "../model/types.js";
import { changed, classify, packageChange, WHOLE, type Fact, type Owner, type Position } from "./classify.js";
import { canonical, cmp, lookupFields, typeText, type Lookups } from "./describe.js";
import { compareDeprecation, compareFields, type Emit, type Pair, type Scope, type Sides } from "./fields.js";
import { matchByName, pairRenames, type Matched } from "./rename.js";
import { severityRank, type Change, type EntityKind } from "./types.js";

// How programs meet each kind's fields (see Position): set as Args and read back, echoed, or resolved config.
const ENTITY: Scope = { settable: true, readable: true, serviceSet: false };
const CONFIG: Scope = { ...ENTITY, defaultsResolve: true, configured: true };
const FUNCTION_INPUTS: Scope = { settable: true, readable: false, serviceSet: false };
const FUNCTION_OUTPUTS: Scope = { settable: false, readable: true, serviceSet: true };
const same = (scope: Scope): Pair<Scope> => ({ old: scope, new: scope });

/** Every change between two sets of validated models, sorted by package, severity, entity, path and code. */
export function compareModels(oldModels: readonly PackageModel[], newModels: readonly PackageModel[]): Change[] {
  const packages = matchByName(oldModels, newModels, (m) => m.provider.name);
  const whole = (m: PackageModel, code: "package-added" | "package-removed", what: string) =>
    packageChange(m.provider.name, code, `package ${m.provider.package.name} ${what}`);
  return [
    ...packages.pairs.flatMap(([a, b]) => comparePackage(a, b)),
    ...packages.removed.map((m) => whole(m, "package-removed", "removed")),
    ...packages.added.map((m) => whole(m, "package-added", "added")),
  ].sort(byOrder);
}

export const byOrder = (x: Change, y: Change): number =>
  cmp(x.package, y.package) ||
  severityRank(x.severity) - severityRank(y.severity) ||
  cmp(x.entity, y.entity) ||
  cmp(x.path, y.path) ||
  cmp(x.change, y.change) ||
  cmp(x.message, y.message);

const lookupsOf = (m: PackageModel): Lookups => ({
  types: new Map(m.types.map((t) => [t.name, t])),
  enums: new Map(m.enums.map((e) => [e.name, e])),
});

/** Shared types: those a reviewer finds in types/. Inline objects are compared as part of their owner. */
const shared = (m: PackageModel) => m.types.filter((t) => t.kind === "union" || !t.inline);

function comparePackage(a: PackageModel, b: PackageModel): Change[] {
  const out: Change[] = [];
  const pkg = b.provider.name;
  const emitter = (entity: string, kind: EntityKind) => {
    const owner: Owner = { package: pkg, entity, kind };
    return (fact: Fact, position: Position) => out.push(classify(owner, fact, position));
  };
  const lookups = { old: lookupsOf(a), new: lookupsOf(b) };
  const [oldHooks, newHooks] = [hookTexts(a), hookTexts(b)];

  // Types first: a renamed type must not read as a type change on every field that refers to it.
  const types = matchEntities(shared(a), shared(b), typeShape, lookups);
  const renamed = types.pairs.filter(([x, y]) => x.name !== y.name);
  const sides: Sides = { ...lookups, renamedTypes: new Map(renamed.map(([x, y]) => [x.name, y.name])) };

  const provider = emitter(pkg, "provider");
  const [oldName, newName] = [a.provider.package.name, b.provider.package.name];
  if (oldName !== newName) {
    const what = `npm package renamed from ${oldName} to ${newName}`;
    provider({ code: "package-name-changed", path: pkg, what, before: oldName, after: newName }, WHOLE);
  }
  const [oldProtocol, newProtocol] = [a.provider.protocol ?? "none", b.provider.protocol ?? "none"];
  if (oldProtocol !== newProtocol)
    provider({ path: pkg, ...changed("protocol-changed", "protocol", oldProtocol, newProtocol) }, WHOLE);
  compareFields(a.provider.config, b.provider.config, "config.", same(CONFIG), sides, emitter("config", "provider"));

  const functions = matchEntities(a.provider.functions, b.provider.functions, functionShape, lookups);
  reportEntities("function", functions, emitter, (x, y, emit) => {
    compareFields(x.inputs, y.inputs, `${y.name}.inputs.`, same(FUNCTION_INPUTS), owned(sides, x, y), emit);
    compareFields(x.outputs, y.outputs, `${y.name}.outputs.`, same(FUNCTION_OUTPUTS), owned(sides, x, y), emit);
  });

  reportEntities("resource", matchEntities(a.resources, b.resources, resourceShape, lookups), emitter, (x, y, emit) => {
    compareDeprecation(x, y, (f) => emit({ ...f, path: y.name }, WHOLE));
    compareImportId(x, y, emit);
    compareBinding(resourceBinding(x, oldHooks), resourceBinding(y, newHooks), y.name, emit);
    compareFields(x.fields, y.fields, `${y.name}.`, same(ENTITY), owned(sides, x, y), emit);
  });

  reportEntities("lookup", matchEntities(a.lookups, b.lookups, lookupShape, lookups), emitter, (x, y, emit) => {
    compareDeprecation(x, y, (f) => emit({ ...f, path: y.name }, WHOLE));
    compareBinding(lookupBinding(x, oldHooks), lookupBinding(y, newHooks), y.name, emit);
    compareFields(lookupFields(x), lookupFields(y), `${y.name}.`, same(ENTITY), owned(sides, x, y), emit);
  });

  reportEntities("type", types, emitter, (x, y, emit) => {
    const scope = typeScope(x, y);
    if (x.kind !== y.kind) {
      const what = `changed from ${x.kind} to ${y.kind}`;
      emit({ code: "type-changed", path: y.name, what, before: x.kind, after: y.kind }, scope);
    } else if (x.kind === "object" && y.kind === "object")
      compareFields(x.fields, y.fields, `${y.name}.`, same(scope), owned(sides, x, y), emit);
    else if (x.kind === "union" && y.kind === "union") compareUnion(x, y, scope, sides, emit);
  });
  return out;
}

/** A resource, lookup or provider function (matched by token too), or a shared type. */
type Entity = { readonly name: string; readonly token?: string };

/** By name, then by token (a new name on the same token; shared types have none), then by shape (same fields). */
function matchEntities<T extends Entity>(
  olds: readonly T[],
  news: readonly T[],
  shape: (t: T, side: Lookups) => string | undefined,
  lookups: Pair<Lookups>,
): Matched<T> {
  const byName = matchByName(olds, news, (t) => t.name);
  const byToken = pairRenames(byName.removed, byName.added, (t) => t.token);
  const byShape = pairRenames(byToken.removed, byToken.added, (t, side) => shape(t, lookups[side]));
  return { ...byShape, pairs: [...byName.pairs, ...byToken.pairs, ...byShape.pairs] };
}

const owned = (sides: Sides, a: Entity, b: Entity): Sides => ({ ...sides, ownerRenamed: a.name !== b.name });

function reportEntities<T extends Entity>(
  kind: EntityKind,
  matched: Matched<T>,
  emitter: (entity: string, kind: EntityKind) => Emit,
  compare: (a: T, b: T, emit: Emit) => void,
): void {
  for (const t of matched.removed)
    emitter(t.name, kind)({ code: "entity-removed", path: t.name, what: `${kind} removed` }, WHOLE);
  for (const t of matched.added)
    emitter(t.name, kind)({ code: "entity-added", path: t.name, what: `${kind} added` }, WHOLE);
  for (const [a, b] of matched.pairs) {
    const emit = emitter(b.name, kind);
    if (a.name !== b.name) {
      const token =
        a.token === b.token ? (a.token ? ", token unchanged" : "") : `, token changed from ${a.token} to ${b.token}`;
      const what = `${kind} renamed from ${a.name} to ${b.name}${token}`;
      emit({ code: "entity-renamed", path: b.name, what, before: a.name, after: b.name }, WHOLE);
    } else if (a.token !== b.token)
      emit({ path: b.name, ...changed("token-changed", "token", a.token, b.token) }, WHOLE);
    compare(a, b, emit);
  }
}

/** Compares an entity's bindings part by part, so the change says which; gaining or losing one is its own change. */
function compareBinding(a: Binding, b: Binding, path: string, emit: Emit): void {
  if (a.bound !== b.bound) {
    const what = `it is ${b.bound ? "now" : "no longer"} bound to operations`;
    return emit({ code: b.bound ? "binding-added" : "binding-removed", path, what }, WHOLE);
  }
  const changed = Object.keys(b.parts).filter((part) => a.parts[part] !== b.parts[part]);
  if (changed.length > 0) emit({ code: "operations-changed", path, what: `its ${changed.join(", ")} changed` }, WHOLE);
}

type Binding = { readonly bound: boolean; readonly parts: Readonly<Record<string, string>> };

/** The code of each hook module, by name: a hook edited changes what the package sends, as a binding does. */
const hookTexts = (m: PackageModel): ReadonlyMap<string, string> => new Map(m.hooks.map((h) => [h.name, h.text]));

const hookParts = (name: string | undefined, hooks: ReadonlyMap<string, string>) => ({
  "hook module": name ?? "none",
  ...(name === undefined ? {} : { [`hook code (hooks/${name}.ts)`]: hooks.get(name) ?? "" }),
});

const resourceBinding = (r: Resource, hooks: ReadonlyMap<string, string>): Binding => ({
  bound: r.operations !== undefined,
  parts: {
    operations: canonical(r.operations ?? null),
    readiness: canonical(r.readiness ?? null),
    "creation-time field": canonical(r.createdAt ?? null),
    ...hookParts(r.hooks, hooks),
  },
});

const lookupBinding = (l: Lookup, hooks: ReadonlyMap<string, string>): Binding => ({
  bound: l.operation !== undefined,
  parts: { operation: canonical(l.operation ?? null), ...hookParts(l.hooks, hooks) },
});

function compareImportId(a: Resource, b: Resource, emit: Emit): void {
  // The format is what matters; prose (a description, why import is unsupported) is not compared.
  const format = (r: Resource) =>
    r.importId.supported ? canonical({ ...r.importId, description: undefined }) : "unsupported";
  if (format(a) === format(b)) return;
  const fact = (code: "import-id-added" | "import-id-removed" | "import-id-changed") =>
    emit({ path: b.name, ...changed(code, "import id", importFormat(a), importFormat(b)) }, WHOLE);
  if (!a.importId.supported) fact("import-id-added");
  else if (!b.importId.supported) fact("import-id-removed");
  else if (importFormat(a) !== importFormat(b)) fact("import-id-changed");
  else {
    // The same format with other bounds on its parts (a minimum, an optional part): say which.
    const parts = (r: Resource) => (r.importId.supported ? r.importId.parts.map(partText).join(", ") : "");
    const code = accepts(b.importId, a.importId) ? "import-id-relaxed" : "import-id-changed";
    emit({ path: b.name, ...changed(code, `import id ${importFormat(b)}: parts`, parts(a), parts(b)) }, WHOLE);
  }
}

const partText = (p: ImportIdPart): string =>
  `${p.field} (${p.type}${p.minimum !== undefined ? `, at least ${p.minimum}` : ""}${p.optional ? ", optional" : ""})`;

/** Whether every id the `old` format parses, `now` parses too (the same text, each part's bounds relaxed or kept). */
function accepts(now: IdFormat, old: IdFormat): boolean {
  return old.parts.every(({ minimum, optional }, i) => {
    const n = now.parts[i]!;
    return (n.minimum === undefined || (minimum !== undefined && n.minimum <= minimum)) && (!optional || !!n.optional);
  });
}

/** Which sides of a shared type programs meet, from both models' usage, so a change is judged by the loudest use. */
function typeScope(a: NamedType, b: NamedType): Scope {
  const input = a.usage.input || b.usage.input;
  const output = a.usage.output || b.usage.output || !input;
  return { settable: input, readable: output, serviceSet: !input };
}

function compareUnion(a: UnionType, b: UnionType, scope: Scope, sides: Sides, emit: Emit): void {
  const d = (u: UnionType) => `${u.discriminator.field} (wire ${u.discriminator.wireName})`;
  if (d(a) !== d(b))
    emit({ code: "discriminator-changed", path: b.name, what: `discriminator changed from ${d(a)} to ${d(b)}` }, scope);
  if (a.discriminator.caseInsensitive && !b.discriminator.caseInsensitive)
    emit({ code: "enum-case-sensitive", path: b.name, what: "variant names now match case-sensitively" }, scope);
  else if (!a.discriminator.caseInsensitive && b.discriminator.caseInsensitive)
    emit({ code: "enum-case-insensitive", path: b.name, what: "variant names now match ignoring case" }, scope);
  const variants = matchByName(a.variants, b.variants, (v) => v.value);
  for (const v of variants.removed)
    emit({ code: "variant-removed", path: `${b.name}.${v.value}`, what: `variant ${v.value} removed` }, scope);
  for (const w of variants.added)
    emit({ code: "variant-added", path: `${b.name}.${w.value}`, what: `variant ${w.value} added (${w.ref})` }, scope);
  for (const [v, w] of variants.pairs) {
    const path = `${b.name}.${v.value}`;
    if ((sides.renamedTypes.get(v.ref) ?? v.ref) !== w.ref)
      emit({ path, ...changed("type-changed", "type", v.ref, w.ref) }, scope);
    const [before, after] = [v.wireValue ?? v.value, w.wireValue ?? w.value];
    if (before !== after) {
      const what = `wire value changed from "${before}" to "${after}"`;
      emit({ code: "wire-name-changed", path, what, before, after }, scope);
    }
    compareDeprecation(v, w, (f) => emit({ ...f, path }, scope));
  }
}

// Shapes for rename detection: field names, modes and types; undefined when there is nothing to recognise.
const fieldsShape = (fields: readonly Field[], side: Lookups): string | undefined =>
  fields.length ? canonical(fields.map((f) => [f.name, f.mode, typeText(f.type, side)])) : undefined;
const resourceShape = (r: Resource, side: Lookups) => fieldsShape(r.fields, side);
const lookupShape = (l: Lookup, side: Lookups) => fieldsShape(lookupFields(l), side);
const functionShape = (f: ProviderFunction, side: Lookups) =>
  f.inputs.length + f.outputs.length
    ? canonical([fieldsShape(f.inputs, side), fieldsShape(f.outputs, side)])
    : undefined;
const typeShape = (t: NamedType, side: Lookups) =>
  t.kind === "object"
    ? fieldsShape(t.fields, side)
    : canonical([t.discriminator.field, t.variants.map((v) => [v.value, v.ref])]);
