import { hashText } from "../hash.js";
import type { ProviderIndex } from "../load/providerIndex.js";
import { withData, type SourceDoc } from "../load/sourceDoc.js";
import { oncePer } from "../memo.js";
import type { ProviderInput } from "./rules/rule.js";

/**
 * What the rules read of one provider. The document rules read its documents without their
 * descriptions (`index`, `valid`; the meta-schema checks those, no rule does); the provider rules
 * read less of them (`view`: what they compare across documents, VIEW; the provider's file whole).
 * A rule's verdict is so a function of what rulesDigest digests: an edit of a description changes
 * neither digest, and one of a bound only the document's (reuse/checks.ts keys the rules by them).
 */
export interface RuleInput {
  readonly index: ProviderIndex;
  readonly valid: ReadonlySet<SourceDoc>;
  readonly view: ProviderInput;
}

export function ruleInput(index: ProviderIndex, valid: ReadonlySet<SourceDoc>): RuleInput {
  const bare = copied(index, valid, (d) => bareData(d.data));
  const view = copied(index, valid, (d) => viewOf(d));
  return { index: bare.index, valid: bare.valid, view: { index: view.index, valid: view.valid } };
}

/** A document's parts of the rules' keys: digests of its data as the document rules read it, and as the provider rules do. */
export interface RulesDigest {
  readonly document: string;
  readonly provider: string;
}

export const rulesDigest = (src: SourceDoc): RulesDigest => ({
  document: digestOf(bareData(src.data)),
  provider: digestOf(viewOf(src)),
});

// The provider's document is read whole: its settings are what the provider rules check.
const viewOf = (src: SourceDoc): unknown => (src.folder === "provider" ? bareData(src.data) : viewData(src.data));

/**
 * The index with each document as the rules see it: its text and name as the file's (diagnostics
 * point into the file), its data `data(document)`, made on first read.
 */
function copied(index: ProviderIndex, valid: ReadonlySet<SourceDoc>, data: (src: SourceDoc) => unknown) {
  const made = new Map<SourceDoc, SourceDoc>();
  const of = (d: SourceDoc): SourceDoc => {
    let copy = made.get(d);
    if (!copy) made.set(d, (copy = withData(d, () => data(d))));
    return copy;
  };
  const copy: ProviderIndex = {
    ...index,
    provider: index.provider && of(index.provider),
    resources: index.resources.map(of),
    lookups: index.lookups.map(of),
    types: new Map([...index.types].map(([name, d]) => [name, of(d)])),
    typeFiles: index.typeFiles.map(of),
  };
  return { index: copy, valid: new Set([...made].flatMap(([d, c]) => (valid.has(d) ? [c] : []))) };
}

// Data is kept by the object (a watch's unchanged files keep theirs): each copy, and its digest, is made once.
const bareData = (data: unknown): unknown => (isRecord(data) ? bareEntity(data) : data);
const bareEntity = oncePer((e: Record<string, unknown>) => bareSpec(e));
const viewData = (data: unknown): unknown => (isRecord(data) ? viewEntity(data) : data);
const viewEntity = oncePer((e: Record<string, unknown>) => pick(bareEntity(e), VIEW.entity));
const digestOf = (data: unknown): string =>
  isRecord(data) ? digestOfRecord(data) : hashText(JSON.stringify(data) ?? "");
const digestOfRecord = oncePer((data: Record<string, unknown>) => hashText(JSON.stringify(data)));

/** Where the schema language puts field maps, and the specs a spec holds. */
const FIELD_MAPS = new Set(["fields", "inputs", "outputs", "config", "functions"]);
const SPECS = new Set(["items", "values"]);
const VALUE_LISTS = new Set(["enum", "knownValues"]);

/**
 * What the provider rules read of an entity, and of each field and type spec in it: names, kinds and
 * tokens, what refers to what, where hooks bind, enum declarations. Not bounds, defaults or anything
 * else a document rule checks alone: an edit of those leaves the provider rules' key.
 */
const VIEW = {
  entity: "name kind token hooks include discriminator variants operation operations fields inputs outputs".split(" "),
  spec: "type mode ref references replaceOnChange enum enumName items values fields".split(" "),
};

/** `spec` with only `keys`, each held spec or field map so too; a binding as whether it is a hook's. */
function pick(spec: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keys) if (Object.hasOwn(spec, key)) put(out, key, viewValue(key, spec[key]));
  return out;
}

function viewValue(key: string, value: unknown): unknown {
  if (key === "operation") return hookOrBound(value);
  if (!isRecord(value)) return value;
  if (key === "operations") return eachOf(value, hookOrBound);
  if (SPECS.has(key)) return pick(value, VIEW.spec);
  return FIELD_MAPS.has(key) ? eachOf(value, (f) => (isRecord(f) ? pick(f, VIEW.spec) : f)) : value;
}

const hookOrBound = (binding: unknown) => (binding === "hook" ? binding : {});

/**
 * An entity, field, function or type spec without its `description`, and so each it holds. Only the
 * places the schema language gives a description are looked into: a default or an example may hold
 * a key named "description" that is data, and a field may be named "description".
 */
function bareSpec(spec: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  // for-in and plain assignment rather than entries: a run copies every object of 2,000 documents (4x faster).
  for (const key in spec) {
    const value = spec[key];
    if (key === "description" && typeof value === "string") continue;
    put(out, key, bareValue(key, value));
  }
  return out;
}

/** A value under `key`, bare where the schema language puts descriptions in it; else data, as written. */
function bareValue(key: string, value: unknown): unknown {
  if (VALUE_LISTS.has(key) && Array.isArray(value)) return value.map((v) => (isRecord(v) ? bareSpec(v) : v));
  if (!isRecord(value)) return value;
  return FIELD_MAPS.has(key)
    ? eachOf(value, (v) => (isRecord(v) ? bareSpec(v) : v))
    : SPECS.has(key)
      ? bareSpec(value)
      : value;
}

/** A map (of fields, functions or bindings) with `f` of each value. */
function eachOf(map: Record<string, unknown>, f: (value: unknown) => unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name in map) put(out, name, f(map[name]));
  return out;
}

/** An own property, even one named `__proto__` (a field may be; the meta-schema reports it). */
const put = (out: Record<string, unknown>, key: string, value: unknown) =>
  key === "__proto__"
    ? Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true })
    : (out[key] = value);

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
