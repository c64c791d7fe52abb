import { SchemaError, sortDiagnostics } from "../diagnostics.js";
import { collectSources, readSchemas, type Loaded, type Parsed, type SchemaText } from "../load/loadSchemas.js";
import { lazySource, outlineOf, parseSource } from "../load/sourceDoc.js";
import { buildModel } from "../model/buildModel.js";
import type { PackageModel } from "../model/types.js";
import { hashText } from "../hash.js";
import { providerClashes } from "../validate/providerClashes.js";
import { validateSchemas } from "../validate/validateSchemas.js";
import type { Explanation } from "./explain.js";
import type { RunStore } from "./store.js";

/** Each provider's model, by the digest of all it was made of: its files' names and texts, its hooks. */
export type ModelsByInput = Map<string, { readonly input: string; readonly model: PackageModel }>;

/**
 * load -> validate -> model, reusing what `reuse` kept of an earlier run: a schema file's data by its
 * text's hash, and the meta-schema's verdict by its folder and text; with `models` (a watch's), a
 * provider none of whose files changed keeps its model, unchecked. Throws SchemaError with every
 * problem found. Without `reuse`, the stages as they are.
 */
export function checkedModels(
  schemaDir: string,
  reuse?: RunStore,
  explain?: Explanation,
  models?: ModelsByInput,
): PackageModel[] {
  const listing = readSchemas(schemaDir);
  const parsed = listing.texts.map((t) => (reuse ? parsedAgain(t, reuse, explain) : parseSource(t.text, t.meta)));
  const loaded = collectSources(listing, parsed);
  const inputs = providerInputs(
    loaded,
    listing.providers.map((p) => p.name),
  );
  const same = (s: { provider: string }) => models?.get(s.provider)?.input === inputs.get(s.provider);
  const changed = <T extends { provider: string }>(list: readonly T[]) => list.filter((x) => !same(x));
  const { providers, valid, diagnostics } = validateSchemas(
    changed(loaded.sources),
    changed(loaded.hooks),
    changed(loaded.unread),
  );
  for (const src of loaded.sources) {
    if (same(src)) explain?.count("schema files of providers unchanged since the watch's last run");
    else if (!valid.has(src)) continue;
    else if (src.knownValid) explain?.count("schema files the meta-schema passed before");
    else explain?.count("schema files checked against the meta-schema");
    reuse?.keepValid(verdictKey(src));
  }
  const problems = [...loaded.diagnostics, ...diagnostics];
  // The providers checked alone, and those kept, may not clash.
  if (problems.length === 0 && providers.length < inputs.size)
    problems.push(...providerClashes(loaded.sources.filter((s) => s.folder === "provider")));
  if (problems.length > 0) throw new SchemaError(sortDiagnostics(problems));
  const built = new Map(providers.map((index) => [index.name, buildModel(index)]));
  return [...inputs].map(([name, input]) => {
    const model = built.get(name) ?? models!.get(name)!.model;
    models?.set(name, { input, model });
    return model;
  });
}

/** Each provider's input, digested: its files' names and texts, its hooks, its files that could not be read. */
function providerInputs(loaded: Loaded, names: readonly string[]): Map<string, string> {
  const digest = (name: string) => {
    const mine = <T extends { provider: string }>(list: readonly T[]) => list.filter((x) => x.provider === name);
    const made = [mine(loaded.sources).map((s) => [s.file, s.hash]), mine(loaded.hooks), mine(loaded.unread)];
    return hashText(JSON.stringify(made));
  };
  return new Map(names.map((name) => [name, digest(name)]));
}

/** The meta-schema's verdict on a file is a function of its folder (which kinds it may hold) and its text. */
const verdictKey = ({ folder, hash }: { folder: string; hash: string }) => `${folder}:${hash}`;

/** A schema file parsed, or its data as an earlier run parsed the same text. */
function parsedAgain({ text, meta }: SchemaText, reuse: RunStore, explain?: Explanation): Parsed {
  const data = reuse.parsed(meta.hash);
  if (data === undefined) {
    explain?.count("schema files parsed");
    const read = parseSource(text, meta);
    if (read.source) reuse.keepParsed(meta.hash, read.source.data);
    return read;
  }
  explain?.count("schema files whose parse was reused");
  reuse.keepParsed(meta.hash, data);
  const source = lazySource(
    () => text,
    meta,
    () => data,
    reuse.valid(verdictKey(meta)),
    outlineOf(data),
  );
  return { source, diagnostics: [] };
}
