import { sortDiagnostics, type Diagnostic } from "../diagnostics.js";
import { hashText } from "../hash.js";
import { loadedOf, type Loaded } from "../load/loadSchemas.js";
import { indexProviders, type ProviderIndex } from "../load/providerIndex.js";
import type { SourceDoc } from "../load/sourceDoc.js";
import { providerClashes } from "../validate/providerClashes.js";
import { checkDocument } from "../validate/rules/index.js";
import { documentInputs, type DocumentInput } from "../validate/rules/walk.js";
import { ruleInput, rulesDigest, type RuleInput, type RulesDigest } from "../validate/ruleInput.js";
import type { Usage } from "../validate/typeUsage.js";
import { checkFile, checkTogether, providerFiles, usageOf, verdictKey } from "../validate/validateSchemas.js";

/**
 * What the rules found of one provider: the input of its provider rules (providerKeyed), whether they
 * passed on it, the types' usage found of it, the input (documentKey) of each document whose document
 * rules passed, and when every rule passed, the input of them all (`whole`).
 */
export interface RulesPass {
  readonly key: string;
  readonly whole: string | undefined;
  readonly passed: boolean;
  readonly usage: ReadonlyMap<string, Usage> | undefined;
  readonly documents: ReadonlySet<string>;
}

/**
 * What the checks found, each by the key of its input (what the store keeps, and a run reuses): the
 * files the meta-schema passed and each document's rules digests (rulesDigest, of its folder and text),
 * by verdictKey, and each provider's RulesPass by its name.
 */
export interface Verdicts {
  readonly valid: ReadonlySet<string>;
  readonly rulesDigests: ReadonlyMap<string, RulesDigest>;
  readonly rules: ReadonlyMap<string, RulesPass>;
}

/**
 * The checks of validateSchemas (with what reading and parsing found), each taken from `before`
 * where it passed on the same input, of the providers in `only` (all without it: a provider left
 * out was checked before, unchanged, in a watch). Every problem, and what passed, for the next run.
 * Held to validateSchemas by test/generator/incremental.test.ts.
 */
export function checkAgain(
  loaded: Loaded,
  only: ReadonlySet<string> | undefined,
  before: Verdicts,
): Verdicts & { problems: Diagnostic[] } {
  const part = only ? loadedOf(loaded, only) : loaded;
  const problems: Diagnostic[] = [];
  const valid = new Set<SourceDoc>();
  for (const src of part.sources) {
    const found = before.valid.has(verdictKey(src)) ? [] : checkFile(src);
    if (found.length === 0) valid.add(src);
    problems.push(...found);
  }
  const rules = new Map<string, RulesPass>();
  const rulesDigests = new Map<string, RulesDigest>();
  for (const index of indexProviders(part.sources, part.hooks, part.unread)) {
    const keyed = providerKeyed(index, valid, before);
    for (const [key, digest] of keyed.digests) rulesDigests.set(key, digest);
    const known = before.rules.get(index.name);
    const { found, pass } =
      known?.whole === keyed.whole
        ? { found: [], pass: known }
        : rulesAgain({ ...ruleInput(index, valid), ...keyed }, known);
    rules.set(index.name, pass);
    problems.push(...found);
  }
  if (problems.length === 0) problems.push(...providerClashes(providerFiles(loaded.sources)));
  return {
    problems: sortDiagnostics([...loaded.diagnostics, ...problems]),
    valid: new Set([...valid].map(verdictKey)),
    rulesDigests,
    rules,
  };
}

/**
 * Each document's digests (known before, else made); the provider rules' key: each document by its
 * view's digest, and all else they read; and the key of all the rules read: that and each document's own digest.
 */
function providerKeyed(index: ProviderIndex, valid: ReadonlySet<SourceDoc>, before: Verdicts) {
  const docs = [index.provider, ...index.resources, ...index.lookups, ...index.typeFiles].filter(
    (d): d is SourceDoc => d !== undefined,
  );
  const keys = docs.map(verdictKey);
  const own = docs.map((d, i) => before.rulesDigests.get(keys[i]!) ?? rulesDigest(d));
  const input = JSON.stringify([
    docs.map((d, i) => [d.file, d.folder, valid.has(d), own[i]!.provider]),
    [...index.hooks.values()].map((h) => [h.name, h.file, h.text]),
    [...index.unread],
  ]);
  const whole = hashText(input + JSON.stringify(own.map((o) => o.document)));
  return { digests: new Map(keys.map((k, i) => [k, own[i]!])), key: hashText(input), whole };
}

type RulesKeyed = RuleInput & ReturnType<typeof providerKeyed>;

/**
 * The provider rules of one provider unless they passed before on the same input, then the
 * document rules of each document but those that passed before on the same input.
 */
function rulesAgain(rules: RulesKeyed, known: RulesPass | undefined): { found: Diagnostic[]; pass: RulesPass } {
  const same = known?.key === rules.key ? known : undefined;
  const found = same?.passed ? [] : checkTogether(rules.view);
  const passed = found.length === 0;
  const usage = same ? same.usage : usageOf(rules.view);
  const documents = new Set<string>();
  for (const input of documentInputs(rules.index, rules.valid, usage)) {
    const key = documentKey(input, rules.digests);
    const problems = known?.documents.has(key) ? [] : checkDocument(input);
    if (problems.length === 0) documents.add(key);
    found.push(...problems);
  }
  const whole = found.length === 0 ? rules.whole : undefined;
  return { found, pass: { key: rules.key, whole, passed, usage, documents } };
}

/** A document's rules input as a key: each document in it by its file and digest, and all else it holds. */
function documentKey(
  { src, groups, providerCase, envPrefix, protocol, usage, ...rest }: DocumentInput,
  digests: ReadonlyMap<string, RulesDigest>,
): string {
  rest satisfies Record<string, never>; // a field added to DocumentInput must be keyed here
  const doc = (d: SourceDoc) => [d.file, digests.get(verdictKey(d))?.document];
  const groupsKeyed = [...groups].map(([name, g]) => [name, ...doc(g)]);
  const settings = [providerCase, envPrefix ?? null, protocol ?? null, usage ?? null];
  return hashText(JSON.stringify([doc(src), groupsKeyed, settings]));
}

/**
 * The files whose data a provider's rules will read if all `files` pass the meta-schema, as far as
 * the texts tell (the worker parses any other it needs): all of the provider's when its provider rules
 * run (they compare every document), else its own file, and the documents whose groups' texts are new
 * and the groups of those whose own are (new texts are sent anyway: their verdicts are not known).
 */
export function rulesWillRead(index: ProviderIndex, files: ReadonlySet<SourceDoc>, before: Verdicts): string[] {
  const known = before.rules.get(index.name);
  const keyed = providerKeyed(index, files, before);
  if (known?.whole === keyed.whole) return [];
  const mine = [...files].filter((s) => s.provider === index.name);
  if (known?.key !== keyed.key || !known.passed) return mine.map((s) => s.file);
  const isNew = (s: SourceDoc) => !before.rulesDigests.has(verdictKey(s));
  const groupsOf = (s: SourceDoc) => (s.outline.include ?? []).flatMap((name) => index.types.get(name) ?? []);
  const read = mine.flatMap((s) => (isNew(s) ? groupsOf(s) : groupsOf(s).some(isNew) ? [s] : []));
  return [...(index.provider ? [index.provider] : []), ...read].map((s) => s.file);
}
