import { sortDiagnostics, type Diagnostic } from "../diagnostics.js";
import type { HookFile, Loaded } from "../load/loadSchemas.js";
import { indexProviders, type ProviderIndex } from "../load/providerIndex.js";
import type { SourceDoc, SourceMeta } from "../load/sourceDoc.js";
import { metaSchema } from "./metaSchema.js";
import { providerClashes } from "./providerClashes.js";
import { checkReferences } from "./references.js";
import { checkDocument, checkProviderRules } from "./rules/index.js";
import type { ProviderInput } from "./rules/rule.js";
import { documentInputs, usageKnown } from "./rules/walk.js";
import { ruleInput } from "./ruleInput.js";
import { typeUsage, type Usage } from "./typeUsage.js";

/** What the meta-schema's verdict on a file is a function of: its folder (which kinds it may hold) and its text. */
export const verdictKey = ({ folder, hash }: Pick<SourceMeta, "folder" | "hash">): string => `${folder}:${hash}`;

/** The meta-schema's checks of one file. */
export const checkFile = (src: SourceDoc): Diagnostic[] => metaSchema().check(src);

/** The checks of a provider's documents together: its provider rules, on their view of the documents (ruleInput.ts). */
export const checkTogether = ({ index, valid }: ProviderInput): Diagnostic[] => [
  ...checkProviderRules({ index, valid }),
  ...checkReferences(index, valid),
];

/** The types' usage, by name; undefined while not every document is valid (usageKnown). */
export const usageOf = ({ index, valid }: ProviderInput): ReadonlyMap<string, Usage> | undefined =>
  usageKnown(index, valid) ? typeUsage(index, (src) => valid.has(src)) : undefined;

/**
 * The meta-schema on every file, then the rules (rules/) per provider: its documents together, then
 * each document with what it reads of the others. Every problem, not the first.
 */
export function validateSchemas(
  sources: readonly SourceDoc[],
  hooks: readonly HookFile[] = [],
  unread: readonly SourceMeta[] = [],
): { providers: ProviderIndex[]; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const valid = new Set<SourceDoc>();
  for (const src of sources) {
    const found = checkFile(src);
    if (found.length === 0) valid.add(src);
    diagnostics.push(...found);
  }
  const providers = indexProviders(sources, hooks, unread);
  for (const index of providers) {
    const rules = ruleInput(index, valid);
    diagnostics.push(...checkTogether(rules.view));
    for (const input of documentInputs(rules.index, rules.valid, usageOf(rules.view)))
      diagnostics.push(...checkDocument(input));
  }
  return { providers, diagnostics: diagnostics.length > 0 ? diagnostics : providerClashes(providerFiles(sources)) };
}

/** Every check of a load: what reading and parsing found, then validateSchemas. */
export function checkLoaded(loaded: Loaded): { problems: Diagnostic[]; providers: ProviderIndex[] } {
  const { providers, diagnostics } = validateSchemas(loaded.sources, loaded.hooks, loaded.unread);
  return { problems: sortDiagnostics([...loaded.diagnostics, ...diagnostics]), providers };
}

/** The providers' own files: once every file is valid, they are checked against each other (providerClashes). */
export const providerFiles = (sources: readonly SourceDoc[]): SourceDoc[] =>
  sources.filter((s) => s.folder === "provider");
