import type { Diagnostic } from "../diagnostics.js";
import type { HookFile } from "../load/loadSchemas.js";
import { indexProviders, type ProviderIndex } from "../load/providerIndex.js";
import type { SourceDoc } from "../load/sourceDoc.js";
import { MetaSchemaValidator } from "./metaSchema.js";
import { checkCloudplatOperations } from "./protocols/cloudplat.js";
import { checkLookupOperations } from "./protocols/lookups.js";
import { checkNetsvcOperations } from "./protocols/netsvc.js";
import { checkReferences } from "./references.js";
import { checkRules } from "./rules/index.js";

let metaValidator: MetaSchemaValidator | undefined;

/** The meta-schema on every file, then the rules (rules/) per provider. Every problem, not the first. */
export function validateSchemas(
  sources: readonly SourceDoc[],
  cacheDir?: string,
  hooks: readonly HookFile[] = [],
): {
  providers: ProviderIndex[];
  valid: ReadonlySet<SourceDoc>;
  diagnostics: Diagnostic[];
} {
  const diagnostics: Diagnostic[] = [];
  const valid = new Set<SourceDoc>();
  for (const src of sources) {
    // Compiled only when a file is not already known valid: ajv's compile is the costliest step here.
    const found = src.knownValid ? [] : (metaValidator ??= new MetaSchemaValidator(cacheDir)).check(src);
    if (found.length === 0) valid.add(src);
    diagnostics.push(...found);
  }
  const providers = indexProviders(sources, hooks);
  for (const index of providers) diagnostics.push(...checkRules(index, valid), ...checkReferences(index, valid));
  const meta = () => (metaValidator ??= new MetaSchemaValidator(cacheDir));
  for (const index of providers)
    diagnostics.push(
      ...checkCloudplatOperations(index, valid, meta),
      ...checkNetsvcOperations(index, valid, meta),
      ...checkLookupOperations(index, valid, meta),
    );
  return { providers, valid, diagnostics };
}
