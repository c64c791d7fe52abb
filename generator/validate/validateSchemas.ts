import { sortDiagnostics, type Diagnostic } from "../diagnostics.js";
import { loadedOf, type HookFile, type Loaded } from "../load/loadSchemas.js";
import { indexProviders, type ProviderIndex } from "../load/providerIndex.js";
import type { SourceDoc, SourceMeta } from "../load/sourceDoc.js";
import { MetaSchemaValidator } from "./metaSchema.js";
import { checkCloudplatOperations } from "./protocols/cloudplat.js";
import { checkLookupOperations } from "./protocols/lookups.js";
import { checkNetsvcOperations } from "./protocols/netsvc.js";
import { providerClashes } from "./providerClashes.js";
import { checkReferences } from "./references.js";
import { checkDocument, checkProviderRules } from "./rules/index.js";
import { documentInputs } from "./rules/walk.js";
import { documentKey, ruleInput, type RuleInput } from "./ruleInput.js";

let metaValidator: MetaSchemaValidator | undefined;
const meta = () => (metaValidator ??= new MetaSchemaValidator());

/** What the meta-schema's verdict on a file is a function of: its folder (which kinds it may hold) and its text. */
export const verdictKey = ({ folder, hash }: Pick<SourceMeta, "folder" | "hash">): string => `${folder}:${hash}`;

/** The meta-schema's checks of one file (none for a file already known to pass them). */
export function checkFile(src: SourceDoc): Diagnostic[] {
  return src.known.valid ? [] : meta().check(src);
}

/**
 * What of one provider passed the rules: its input (ruleInput's key) when every rule passed on it,
 * and the input (documentKey) of each document whose rules passed.
 */
export interface RulesPass {
  readonly key?: string | undefined;
  readonly documents: ReadonlySet<string>;
}

/** Each provider's RulesPass, by provider name. */
export type RulesPassed = ReadonlyMap<string, RulesPass>;

/** What the checks found: the documents the meta-schema passed, and the providers whose rules passed. */
export interface Verdicts {
  readonly valid: ReadonlySet<SourceDoc>;
  readonly rulesPassed: RulesPassed;
  /** Each document's rules digest (ruleInput's), by its text's hash: the next run's Known.rulesDigest. */
  readonly rulesDigests: ReadonlyMap<string, string>;
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
  const rulesDigests = new Map<string, string>();
  for (const index of providers) {
    const rules = ruleInput(index, valid);
    for (const [hash, digest] of rules.digests) rulesDigests.set(hash, digest);
    const known = rulesKnown.get(index.name);
    const { found, pass } = known?.key === rules.key ? { found: [], pass: known } : checkProvider(rules, known);
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

/** The rules of one provider's documents together, and of each document but those that passed before on the same input. */
function checkProvider(
  { index, valid, key, digests }: RuleInput,
  known: RulesPass | undefined,
): { found: Diagnostic[]; pass: RulesPass } {
  const found = [
    ...checkProviderRules({ index, valid }),
    ...checkReferences(index, valid),
    ...checkCloudplatOperations(index, valid, meta),
    ...checkNetsvcOperations(index, valid, meta),
    ...checkLookupOperations(index, valid, meta),
  ];
  const documents = new Set<string>();
  for (const input of documentInputs(index, valid)) {
    const keyed = documentKey(input, digests);
    const problems = known?.documents.has(keyed) ? [] : checkDocument(input);
    if (problems.length === 0) documents.add(keyed);
    found.push(...problems);
  }
  return { found, pass: { key: found.length === 0 ? key : undefined, documents } };
}
