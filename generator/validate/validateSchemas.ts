import type { GenCache } from "../cache/genCache.js";
import type { Diagnostic } from "../diagnostics.js";
import type { HookFile } from "../load/loadSchemas.js";
import { indexProviders, type ProviderIndex } from "../load/providerIndex.js";
import type { SourceDoc, SourceMeta } from "../load/sourceDoc.js";
import { MetaSchemaValidator } from "./metaSchema.js";
import { checkCloudplatOperations } from "./protocols/cloudplat.js";
import { checkLookupOperations } from "./protocols/lookups.js";
import { checkNetsvcOperations } from "./protocols/netsvc.js";
import { providerClashes } from "./providerClashes.js";
import { checkReferences } from "./references.js";
import { checkRules } from "./rules/index.js";
import type { ValidationMemo } from "./scope.js";

let metaValidator: MetaSchemaValidator | undefined;

/**
 * The meta-schema on every file, then the rules (rules/) per provider. Every problem, not the first.
 * With a memo (the watch), a provider's checks may be scoped to the documents that changed since its
 * last clean run (scope.ts); a scoped run that finds a problem is done again in full.
 */
export function validateSchemas(
  sources: readonly SourceDoc[],
  cache?: GenCache,
  hooks: readonly HookFile[] = [],
  memo?: ValidationMemo,
  unread: readonly SourceMeta[] = [],
  /** The documents of a provider to check, as a scoped run knows them (scoped/scopedRun.ts); undefined: ask the memo. */
  scope?: (index: ProviderIndex, valid: ReadonlySet<SourceDoc>) => ReadonlySet<SourceDoc> | undefined,
): {
  providers: ProviderIndex[];
  valid: ReadonlySet<SourceDoc>;
  diagnostics: Diagnostic[];
} {
  const diagnostics: Diagnostic[] = [];
  const valid = new Set<SourceDoc>();
  const meta = () => (metaValidator ??= new MetaSchemaValidator(cache?.dir));
  for (const src of sources) {
    // Compiled only when a file is not already known valid: ajv's compile is the costliest step here.
    const found = src.knownValid || memo?.valid.has(src) ? [] : meta().check(src);
    if (found.length === 0) (valid.add(src), memo?.valid.add(src));
    diagnostics.push(...found);
  }
  const providers = indexProviders(sources, hooks, unread);
  for (const index of providers) {
    const checked = scope ? scope(index, valid) : memo?.scope(index, valid, cache);
    let found = checkProvider(index, valid, meta, checked);
    if (checked && found.length > 0) found = checkProvider(index, valid, meta);
    const docs = [index.provider, ...index.resources, ...index.lookups, ...index.types.values()];
    if (found.length === 0 && docs.every((d) => !d || valid.has(d))) memo?.passed(index, cache);
    diagnostics.push(...found);
  }
  const files = providers.flatMap((p) => (p.provider && valid.has(p.provider) ? [p.provider] : []));
  if (diagnostics.length === 0) diagnostics.push(...providerClashes(files));
  return { providers, valid, diagnostics };
}

/** The rules, the references and the operations' checks on one provider (or only on `checked`). */
function checkProvider(
  index: ProviderIndex,
  valid: ReadonlySet<SourceDoc>,
  meta: () => MetaSchemaValidator,
  checked?: ReadonlySet<SourceDoc>,
): Diagnostic[] {
  return [
    ...checkRules(index, valid, checked),
    ...checkReferences(index, valid, checked),
    ...checkCloudplatOperations(index, valid, meta, checked),
    ...checkNetsvcOperations(index, valid, meta, checked),
    ...checkLookupOperations(index, valid, meta, checked),
  ];
}
