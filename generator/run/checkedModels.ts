import { SchemaError } from "../diagnostics.js";
import {
  collectSources,
  loadedOf,
  readSchemas,
  type Loaded,
  type Parsed,
  type SchemaListing,
  type SchemaText,
} from "../load/loadSchemas.js";
import { indexProviders } from "../load/providerIndex.js";
import { parseSource, reparsed, type SourceDoc } from "../load/sourceDoc.js";
import { buildModel } from "../model/buildModel.js";
import type { PackageModel } from "../model/types.js";
import { hashText } from "../hash.js";
import { awaitedLater } from "../parallel/awaitedLater.js";
import type { Checks, CheckTask } from "../parallel/emitPool.js";
import { checkLoaded, verdictKey } from "../validate/validateSchemas.js";
import { checkAgain, rulesWillRead, type Verdicts } from "../reuse/checks.js";
import type { Explanation } from "./explain.js";
import type { ModelMemory } from "../reuse/modelMemory.js";
import type { RunStore } from "../reuse/store.js";

/**
 * load -> validate -> model in this thread, reusing what `reuse` kept of an earlier run: a schema
 * file's data by its text's hash, and the checks' verdicts by their inputs (checks.ts). Throws
 * SchemaError with every problem found. Without `reuse`, the stages as they are.
 */
export function checkedModels(schemaDir: string, reuse?: RunStore): PackageModel[] {
  const loaded = loadAgain(readSchemas(schemaDir), reuse);
  const { problems } = reuse ? keptChecks(loaded, reuse) : checkLoaded(loaded);
  if (problems.length > 0) throw new SchemaError(problems);
  return indexProviders(loaded.sources, loaded.hooks, loaded.unread).map(buildModel);
}

/** checkAgain of every provider, its verdicts kept for the next run. */
function keptChecks(loaded: Loaded, reuse: RunStore) {
  const found = checkAgain(loaded, undefined, reuse.previous);
  keepChecks(loaded, undefined, found, reuse);
  return found;
}

/**
 * load -> validate -> model -> `use` (a run's planning and keying), with the checks made by `check`
 * (the worker) while this thread models and uses. Nothing made of schemas that fail a check is
 * returned; a failure of modelling is reported only once they pass (it may be theirs). In a watch,
 * a provider none of whose files changed keeps its model, and is not checked again; the others are
 * made of the slices `memory` kept where their input is the same.
 */
export async function modelsBeside<T>(
  schemaDir: string,
  reuse: RunStore,
  explain: Explanation,
  memory: ModelMemory,
  check: (task: CheckTask) => Promise<Checks>,
  use: (models: PackageModel[]) => T,
): Promise<T> {
  const listing = readSchemas(schemaDir);
  const parsed = listing.texts.map((t) => parsedAgain(t, reuse, explain));
  const loaded = collectSources(listing, parsed);
  const inputs = providerInputs(loaded, listing);
  const kept = memory.providers;
  const changed = new Set([...inputs].filter(([name, input]) => kept.get(name)?.input !== input).map(([n]) => n));
  const mine = loadedOf(loaded, changed);
  const indexes = indexProviders(mine.sources, mine.hooks, mine.unread);
  // The worker reads a file's data to check it against the meta-schema, to make its rules digests, and
  // for the rules that will read it (found as the worker will find them, taking every file to pass the
  // meta-schema): it is sent only then, and else parses the text itself if a check needs it after all.
  const allPass = new Set(mine.sources);
  // The verdicts alone: the store also holds every parse and output, which the worker is not to be sent.
  const { valid, rulesDigests, rules } = reuse.previous;
  const before: Verdicts = { valid, rulesDigests, rules };
  const rulesRead = new Set(indexes.flatMap((i) => rulesWillRead(i, allPass, before)));
  const sendsData = (src: SourceDoc) =>
    !before.valid.has(verdictKey(src)) || !before.rulesDigests.has(verdictKey(src)) || rulesRead.has(src.file);
  const read = parsed.map(
    ({ source }) => source && { outline: source.outline, ...(sendsData(source) && { data: source.data }) },
  );
  const checks = awaitedLater(check({ listing, read, only: changed, before }));
  let made: { built: Map<string, PackageModel>; value: T } | { error: unknown };
  try {
    const built = new Map(indexes.map((index) => [index.name, memory.model(index)]));
    made = { built, value: use([...inputs.keys()].map((name) => built.get(name) ?? kept.get(name)!.model)) };
  } catch (error) {
    made = { error };
  }
  memory.turn();
  const found = await checks;
  keepChecks(loaded, changed, found, reuse, explain);
  if (found.problems.length > 0) throw new SchemaError(found.problems);
  if ("error" in made) throw made.error;
  for (const [name, model] of made.built) kept.set(name, { input: inputs.get(name)!, model });
  return made.value;
}

/** The listing's texts parsed, each reusing what `reuse` kept of the same text. */
function loadAgain(listing: SchemaListing, reuse?: RunStore): Loaded {
  return collectSources(
    listing,
    listing.texts.map((t) => (reuse ? parsedAgain(t, reuse) : parseSource(t.text, t.meta))),
  );
}

/**
 * The checks' verdicts kept for the next run, and counted: of the providers in `changed` (all without
 * it) as `found` found them, of the others (a watch's, unchanged) as they were.
 */
function keepChecks(
  loaded: Loaded,
  changed: ReadonlySet<string> | undefined,
  found: Verdicts,
  reuse: RunStore,
  explain?: Explanation,
): void {
  const { previous: before, next } = reuse;
  const fresh = (provider: string) => !changed || changed.has(provider);
  for (const src of loaded.sources) {
    const key = verdictKey(src);
    const digest = found.rulesDigests.get(key) ?? before.rulesDigests.get(key);
    if (digest !== undefined) next.rulesDigests.set(key, digest);
    if (!fresh(src.provider)) explain?.count("schema files of providers unchanged since the watch's last run");
    else if (!found.valid.has(key)) continue;
    else if (before.valid.has(key)) explain?.count("schema files the meta-schema passed before");
    else explain?.count("schema files checked against the meta-schema");
    next.valid.add(key);
  }
  for (const name of new Set(loaded.sources.map((s) => s.provider))) {
    const was = before.rules.get(name);
    const pass = fresh(name) ? found.rules.get(name) : was;
    if (pass === undefined) continue;
    next.rules.set(name, pass);
    if (!fresh(name) || !explain) continue;
    if (pass.passed)
      explain.count(
        was?.passed && pass.key === was.key
          ? "providers whose rules passed before on the same input"
          : "providers checked against the rules",
      );
    for (const document of pass.documents)
      explain.count(
        was?.documents.has(document)
          ? "schema files whose rules passed before on the same input"
          : "schema files checked against the rules",
      );
  }
}

/** Each provider's input, digested: its files' names and texts, its hooks, its files that could not be read. */
function providerInputs(loaded: Loaded, listing: SchemaListing): Map<string, string> {
  const digest = (name: string) => {
    const mine = <T extends { provider: string }>(list: readonly T[]) => list.filter((x) => x.provider === name);
    const made = [mine(loaded.sources).map((s) => [s.file, s.hash]), mine(loaded.hooks), mine(loaded.unread)];
    return hashText(JSON.stringify(made));
  };
  return new Map(listing.providers.map(({ name }) => [name, digest(name)]));
}

/** A schema file parsed, or its data as an earlier run parsed the same text. */
function parsedAgain({ text, meta }: SchemaText, reuse: RunStore, explain?: Explanation): Parsed {
  const data = reuse.previous.parsed.get(meta.hash);
  if (data === undefined) {
    explain?.count("schema files parsed");
    const read = parseSource(text, meta);
    if (read.source) reuse.next.parsed.set(meta.hash, read.source.data);
    return read;
  }
  explain?.count("schema files whose parse was reused");
  reuse.next.parsed.set(meta.hash, data);
  return { source: reparsed(text, meta, data), diagnostics: [] };
}
