import { hashText } from "../hash.js";
import type { ProviderIndex } from "../load/providerIndex.js";
import { lazySource, type SourceDoc } from "../load/sourceDoc.js";
import { oncePer } from "../memo.js";
import type { DocumentInput } from "./rules/walk.js";

/**
 * What the rules read of one provider: its documents without their descriptions (the meta-schema
 * checks those; no rule does), and the key of all that. The rules are given these documents rather
 * than the files', so their verdict is a function of the key's input: an edit of descriptions alone
 * leaves it, and a run may take a pass it recorded for the same key. A document's part of the key is
 * a function of its text, which the cache keeps (Known.rulesDigest): a run whose rules pass so reads
 * the data of none but the files it checks against the meta-schema.
 */
export interface RuleInput {
  readonly index: ProviderIndex;
  readonly valid: ReadonlySet<SourceDoc>;
  readonly key: string;
  /** Each document's part of the key, by its text's hash: a run that knows it (Known.rulesDigest) reads no data. */
  readonly digests: ReadonlyMap<string, string>;
}

export function ruleInput(index: ProviderIndex, valid: ReadonlySet<SourceDoc>): RuleInput {
  const bare = new Map<SourceDoc, SourceDoc>();
  const bareOf = (d: SourceDoc): SourceDoc => bare.get(d) ?? bare.set(d, withoutDescriptions(d)).get(d)!;
  const stripped: ProviderIndex = {
    ...index,
    provider: index.provider && bareOf(index.provider),
    resources: index.resources.map(bareOf),
    lookups: index.lookups.map(bareOf),
    types: new Map([...index.types].map(([name, d]) => [name, bareOf(d)])),
    typeFiles: index.typeFiles.map(bareOf),
  };
  const digests = new Map([...bare].map(([d, b]) => [d.hash, d.known.rulesDigest ?? digestOf(b.data)]));
  const input = [
    [...bare.keys()].map((d) => [d.file, d.folder, valid.has(d), digests.get(d.hash)]),
    [...index.hooks.values()].map((h) => [h.name, h.file, h.text]),
    [...index.unread],
  ];
  return {
    index: stripped,
    valid: new Set([...bare].flatMap(([d, b]) => (valid.has(d) ? [b] : []))),
    key: hashText(JSON.stringify(input)),
    digests,
  };
}

/** A document's rules input as a key: each document in it by its file and digest, and all else it holds. */
export function documentKey(
  { src, groups, providerCase, envPrefix, usage, ...rest }: DocumentInput,
  digests: ReadonlyMap<string, string>,
): string {
  rest satisfies Record<string, never>; // a field added to DocumentInput must be keyed here
  const doc = (d: SourceDoc) => [d.file, digests.get(d.hash)];
  const groupsKeyed = [...groups].map(([name, g]) => [name, ...doc(g)]);
  return hashText(JSON.stringify([doc(src), groupsKeyed, providerCase, envPrefix ?? null, usage ?? null]));
}

/** A document as the rules see it: its text and name as the file's (diagnostics point into the file), its data bare. */
const withoutDescriptions = (src: SourceDoc): SourceDoc =>
  lazySource(
    () => src.text(),
    src,
    () => bareData(src.data),
    src.known,
    src.outline,
  );

// Data is kept by the object (a watch's unchanged files keep theirs): each bare copy, and its digest, is made once.
const bareData = (data: unknown): unknown => (isRecord(data) ? bareEntity(data) : data);
const bareEntity = oncePer((e: Record<string, unknown>) => bareSpec(e));
const digestOf = (data: unknown): string =>
  isRecord(data) ? digestOfRecord(data) : hashText(JSON.stringify(data) ?? "");
const digestOfRecord = oncePer((data: Record<string, unknown>) => hashText(JSON.stringify(data)));

/** Where the schema language puts field maps, and the specs a spec holds. */
const FIELD_MAPS = new Set(["fields", "inputs", "outputs", "config", "functions"]);
const SPECS = new Set(["items", "values"]);
const VALUE_LISTS = new Set(["enum", "knownValues"]);

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
  return FIELD_MAPS.has(key) ? eachBare(value) : SPECS.has(key) ? bareSpec(value) : value;
}

/** A field map (or the functions) with each value bare. */
function eachBare(map: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name in map) put(out, name, isRecord(map[name]) ? bareSpec(map[name]) : map[name]);
  return out;
}

/** An own property, even one named `__proto__` (a field may be; the meta-schema reports it). */
const put = (out: Record<string, unknown>, key: string, value: unknown) =>
  key === "__proto__"
    ? Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true })
    : (out[key] = value);

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
