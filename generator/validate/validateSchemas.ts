import type { Diagnostic } from "../diagnostics.js";
import { indexProviders, type ProviderIndex } from "../load/providerIndex.js";
import type { SourceDoc } from "../load/sourceDoc.js";
import { MetaSchemaValidator } from "./metaSchema.js";
import { checkSemantics } from "./semantic.js";

let metaValidator: MetaSchemaValidator | undefined;

/** The meta-schema on every file, then the semantic rules per provider. Every problem, not the first. */
export function validateSchemas(sources: readonly SourceDoc[]): {
  providers: ProviderIndex[];
  valid: ReadonlySet<SourceDoc>;
  diagnostics: Diagnostic[];
} {
  const meta = (metaValidator ??= new MetaSchemaValidator());
  const diagnostics: Diagnostic[] = [];
  const valid = new Set<SourceDoc>();
  for (const src of sources) {
    const found = src.knownValid ? [] : meta.check(src);
    if (found.length === 0) valid.add(src);
    diagnostics.push(...found);
  }
  const providers = indexProviders(sources);
  for (const index of providers) diagnostics.push(...checkSemantics(index, valid));
  return { providers, valid, diagnostics };
}
