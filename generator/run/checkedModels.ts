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
import { indexProviders, type ProviderIndex } from "../load/providerIndex.js";
import { parseSource, reparsed, type SourceDoc } from "../load/sourceDoc.js";
import { buildModel } from "../model/buildModel.js";
import type { PackageModel } from "../model/types.js";
import { hashText } from "../hash.js";
import { awaitedLater } from "../parallel/awaitedLater.js";
import type { Checks, CheckTask } from "../parallel/emitPool.js";
import { ruleInput } from "../validate/ruleInput.js";
import { checkLoaded, documentsToCheck, verdictKey, type RulesPassed } from "../validate/validateSchemas.js";
import type { Explanation } from "./explain.js";
import type { ModelMemory } from "./modelMemory.js";
import type { RunStore } from "./store.js";

/**
 * load -> validate -> model in this thread, reusing what `reuse` kept of an earlier run: a schema
 * file's data by its text's hash, and the meta-schema's verdict by its folder and text. Throws
 * SchemaError with every problem found. Without `reuse`, the stages as they are.
 */
export function checkedModels(schemaDir: string, reuse?: RunStore): PackageModel[] {
  const { problems, valid, rulesPassed, rulesDigests, providers } = checkLoaded(
    loadAgain(readSchemas(schemaDir), reuse),
    undefined,
    reuse?.previous.rules,
  );
  for (const src of valid) reuse?.next.valid.add(verdictKey(src));
  for (const [provider, pass] of rulesPassed) reuse?.next.rules.set(provider, pass);
  for (const [hash, digest] of rulesDigests) reuse?.next.rulesDigests.set(hash, digest);
  if (problems.length > 0) throw new SchemaError(problems);
  return providers.map(buildModel);
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
  const rulesRead = new Set(indexes.flatMap((i) => rulesWillRead(i, allPass, reuse.previous.rules)));
  const sendsData = ({ known, file }: SourceDoc) =>
    !known.valid || known.rulesDigest === undefined || rulesRead.has(file);
  const read = parsed.map(
    ({ source }) =>
      source && { known: source.known, outline: source.outline, ...(sendsData(source) && { data: source.data }) },
  );
  const checks = awaitedLater(check({ listing, read, only: changed, rulesKnown: reuse.previous.rules }));
  let made: { built: Map<string, PackageModel>; value: T } | { error: unknown };
  try {
    const built = new Map(indexes.map((index) => [index.name, memory.model(index)]));
    made = { built, value: use([...inputs.keys()].map((name) => built.get(name) ?? kept.get(name)!.model)) };
  } catch (error) {
    made = { error };
  }
  memory.turn();
  const { problems, passed, rulesPassed, rulesDigests } = await checks;
  keepVerdicts(loaded, changed, new Set(passed), reuse, explain);
  for (const { hash, known } of loaded.sources) {
    const digest = rulesDigests.get(hash) ?? known.rulesDigest;
    if (digest !== undefined) reuse.next.rulesDigests.set(hash, digest);
  }
  keepRulesVerdicts(inputs.keys(), changed, rulesPassed, reuse, explain);
  if (problems.length > 0) throw new SchemaError(problems);
  if ("error" in made) throw made.error;
  for (const [name, model] of made.built) kept.set(name, { input: inputs.get(name)!, model });
  return made.value;
}

/** The files whose data a provider's rules will read if all `files` pass the meta-schema: a document checked reads its groups. */
function rulesWillRead(index: ProviderIndex, files: ReadonlySet<SourceDoc>, rulesKnown: RulesPassed): string[] {
  const checked = documentsToCheck(ruleInput(index, files), rulesKnown.get(index.name));
  if (checked === "all") return [...files].filter((s) => s.provider === index.name).map((s) => s.file);
  const read = checked.flatMap(({ src, groups }) => [src, ...groups.values()]);
  return [...(index.provider ? [index.provider] : []), ...read].map((s) => s.file);
}

/** The listing's texts parsed, each reusing what `reuse` kept of the same text. */
function loadAgain(listing: SchemaListing, reuse?: RunStore): Loaded {
  return collectSources(
    listing,
    listing.texts.map((t) => (reuse ? parsedAgain(t, reuse) : parseSource(t.text, t.meta))),
  );
}

/** The meta-schema's verdicts kept for the next run, and counted. */
function keepVerdicts(
  loaded: Loaded,
  changed: ReadonlySet<string>,
  passed: ReadonlySet<string>,
  reuse: RunStore,
  explain: Explanation,
): void {
  for (const src of loaded.sources) {
    const key = verdictKey(src);
    if (!changed.has(src.provider)) explain.count("schema files of providers unchanged since the watch's last run");
    else if (!passed.has(key)) continue;
    else if (src.known.valid) explain.count("schema files the meta-schema passed before");
    else explain.count("schema files checked against the meta-schema");
    reuse.next.valid.add(key);
  }
}

/** The providers whose rules passed kept for the next run (a watch's unchanged ones as they were), and counted. */
function keepRulesVerdicts(
  providers: Iterable<string>,
  changed: ReadonlySet<string>,
  passed: RulesPassed,
  reuse: RunStore,
  explain: Explanation,
): void {
  for (const name of providers) {
    const before = reuse.previous.rules.get(name);
    const pass = changed.has(name) ? passed.get(name) : before;
    if (pass === undefined) continue;
    reuse.next.rules.set(name, pass);
    if (!changed.has(name)) continue;
    if (pass.passed)
      explain.count(
        before?.passed && pass.key === before.key
          ? "providers whose rules passed before on the same input"
          : "providers checked against the rules",
      );
    for (const document of pass.documents)
      explain.count(
        before?.documents.has(document)
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
  const known = {
    valid: reuse.previous.valid.has(verdictKey(meta)),
    rulesDigest: reuse.previous.rulesDigests.get(meta.hash),
  };
  return { source: reparsed(text, meta, data, known), diagnostics: [] };
}
