import { sortDiagnostics, type Diagnostic } from "../diagnostics.js";
import { loadedOf, type HookFile, type Loaded } from "../load/loadSchemas.js";
import { indexProviders, type ProviderIndex } from "../load/providerIndex.js";
import type { RulesDigest, SourceDoc, SourceMeta } from "../load/sourceDoc.js";
import { metaSchema } from "./metaSchema.js";
import { providerClashes } from "./providerClashes.js";
import { checkReferences } from "./references.js";
import { checkDocument, checkProviderRules } from "./rules/index.js";
import { documentInputs, usageKnown, type DocumentInput } from "./rules/walk.js";
import { documentKey, ruleInput, type RuleInput } from "./ruleInput.js";
import { typeUsage, type Usage } from "./typeUsage.js";

/** What the meta-schema's verdict on a file is a function of: its folder (which kinds it may hold) and its text. */
export const verdictKey = ({ folder, hash }: Pick<SourceMeta, "folder" | "hash">): string => `${folder}:${hash}`;

/** The meta-schema's checks of one file (none for a file already known to pass them). */
export function checkFile(src: SourceDoc): Diagnostic[] {
  return src.known.valid ? [] : metaSchema().check(src);
}

/**
 * What the rules found of one provider: the input of its provider rules (ruleInput's key), whether
 * they passed on it, the types' usage found of it (undefined while not every document is valid), and
 * the input (documentKey) of each document whose document rules passed.
 */
export interface RulesPass {
  readonly key: string;
  readonly passed: boolean;
  readonly usage: ReadonlyMap<string, Usage> | undefined;
  readonly documents: ReadonlySet<string>;
}

/** Each provider's RulesPass, by provider name. */
export type RulesPassed = ReadonlyMap<string, RulesPass>;

/** What the checks found: the documents the meta-schema passed, and the providers whose rules passed. */
export interface Verdicts {
  readonly valid: ReadonlySet<SourceDoc>;
  readonly rulesPassed: RulesPassed;
  /** Each document's rules digests (ruleInput's), by its text's hash: the next run's Known.rulesDigest. */
  readonly rulesDigests: ReadonlyMap<string, RulesDigest>;
}

/**
 * The meta-schema on every file, then the rules (rules/) per provider. Every problem, not the first.
 * A provider whose rules passed before on the same input (`rulesKnown`) passes, and so does a
 * document whose rules did.
 */
export function validateSchemas(
  sources: readonly SourceDoc[],
  hooks: readonly HookFile[] = [],
  unread: readonly SourceMeta[] = [],
  rulesKnown: RulesPassed = new Map(),
): Verdicts & { providers: ProviderIndex[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const valid = new Set<SourceDoc>();
  for (const src of sources) {
    const found = checkFile(src);
    if (found.length === 0) valid.add(src);
    diagnostics.push(...found);
  }
  const providers = indexProviders(sources, hooks, unread);
  const rulesPassed = new Map<string, RulesPass>();
  const rulesDigests = new Map<string, RulesDigest>();
  for (const index of providers) {
    const rules = ruleInput(index, valid);
    for (const [hash, digest] of rules.digests) rulesDigests.set(hash, digest);
    const { found, pass } = checkProvider(rules, rulesKnown.get(index.name));
    rulesPassed.set(index.name, pass);
    diagnostics.push(...found);
  }
  const files = providers.flatMap((p) => (p.provider && valid.has(p.provider) ? [p.provider] : []));
  if (diagnostics.length === 0) diagnostics.push(...providerClashes(files));
  return { providers, valid, rulesPassed, rulesDigests, diagnostics };
}

/**
 * Every check of a load: what reading and parsing found, then validateSchemas on the providers in
 * `only` (all without it). A provider left out was checked before, unchanged (a watch's): it may
 * still clash with one checked now.
 */
export function checkLoaded(
  loaded: Loaded,
  only?: ReadonlySet<string>,
  rulesKnown?: RulesPassed,
): Verdicts & { problems: Diagnostic[]; providers: ProviderIndex[] } {
  const part = only ? loadedOf(loaded, only) : loaded;
  const { providers, valid, rulesPassed, rulesDigests, diagnostics } = validateSchemas(
    part.sources,
    part.hooks,
    part.unread,
    rulesKnown,
  );
  const problems = [...loaded.diagnostics, ...diagnostics];
  if (problems.length === 0 && only && loaded.sources.some((s) => !only.has(s.provider)))
    problems.push(...providerClashes(loaded.sources.filter((s) => s.folder === "provider")));
  return { problems: sortDiagnostics(problems), valid, rulesPassed, rulesDigests, providers };
}

/**
 * The provider rules of one provider (unless they passed before on the same input), then the
 * document rules of each document but those that passed before on the same input.
 */
function checkProvider(rules: RuleInput, known: RulesPass | undefined): { found: Diagnostic[]; pass: RulesPass } {
  const { view, key } = rules;
  const same = known?.key === key ? known : undefined;
  const found = same?.passed ? [] : [...checkProviderRules(view), ...checkReferences(view.index, view.valid)];
  const passed = found.length === 0;
  const usage = same ? same.usage : usageOf(view.index, view.valid);
  const documents = new Set<string>();
  for (const { input, keyed } of documentsOf(rules, usage)) {
    const problems = known?.documents.has(keyed) ? [] : checkDocument(input);
    if (problems.length === 0) documents.add(keyed);
    found.push(...problems);
  }
  return { found, pass: { key, passed, usage, documents } };
}

/** Each valid document's rules input, and its key. */
const documentsOf = (rules: RuleInput, usage: ReadonlyMap<string, Usage> | undefined) =>
  documentInputs(rules.index, rules.valid, usage).map((input) => ({ input, keyed: documentKey(input, rules.digests) }));

const usageOf = (index: ProviderIndex, valid: ReadonlySet<SourceDoc>) =>
  usageKnown(index, valid) ? typeUsage(index, (src) => valid.has(src)) : undefined;

/**
 * The documents of a provider whose rules a run checks, all of them when its provider rules run
 * (they read every document): what a run must read the data of, besides the provider's document.
 */
export function documentsToCheck(rules: RuleInput, known: RulesPass | undefined): "all" | DocumentInput[] {
  if (known?.key !== rules.key || !known.passed) return "all";
  return documentsOf(rules, known.usage).flatMap(({ input, keyed }) => (known.documents.has(keyed) ? [] : [input]));
}
