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
import { checkRules } from "./rules/index.js";

let metaValidator: MetaSchemaValidator | undefined;
const meta = () => (metaValidator ??= new MetaSchemaValidator());

/** What the meta-schema's verdict on a file is a function of: its folder (which kinds it may hold) and its text. */
export const verdictKey = ({ folder, hash }: Pick<SourceMeta, "folder" | "hash">): string => `${folder}:${hash}`;

/** The meta-schema's checks of one file (none for a file already known to pass them). */
export function checkFile(src: SourceDoc): Diagnostic[] {
  return src.knownValid ? [] : meta().check(src);
}

/** The meta-schema on every file, then the rules (rules/) per provider. Every problem, not the first. */
export function validateSchemas(
  sources: readonly SourceDoc[],
  hooks: readonly HookFile[] = [],
  unread: readonly SourceMeta[] = [],
): {
  providers: ProviderIndex[];
  valid: ReadonlySet<SourceDoc>;
  diagnostics: Diagnostic[];
} {
  const diagnostics: Diagnostic[] = [];
  const valid = new Set<SourceDoc>();
  for (const src of sources) {
    const found = checkFile(src);
    if (found.length === 0) valid.add(src);
    diagnostics.push(...found);
  }
  const providers = indexProviders(sources, hooks, unread);
  for (const index of providers) diagnostics.push(...checkProvider(index, valid));
  const files = providers.flatMap((p) => (p.provider && valid.has(p.provider) ? [p.provider] : []));
  if (diagnostics.length === 0) diagnostics.push(...providerClashes(files));
  return { providers, valid, diagnostics };
}

/**
 * Every check of a load: what reading and parsing found, then validateSchemas on the providers in
 * `only` (all without it). A provider left out was checked before, unchanged (a watch's): it may
 * still clash with one checked now.
 */
export function checkLoaded(
  loaded: Loaded,
  only?: ReadonlySet<string>,
): { problems: Diagnostic[]; valid: ReadonlySet<SourceDoc>; providers: ProviderIndex[] } {
  const part = only ? loadedOf(loaded, only) : loaded;
  const { providers, valid, diagnostics } = validateSchemas(part.sources, part.hooks, part.unread);
  const problems = [...loaded.diagnostics, ...diagnostics];
  if (problems.length === 0 && only && loaded.sources.some((s) => !only.has(s.provider)))
    problems.push(...providerClashes(loaded.sources.filter((s) => s.folder === "provider")));
  return { problems: sortDiagnostics(problems), valid, providers };
}

function checkProvider(index: ProviderIndex, valid: ReadonlySet<SourceDoc>): Diagnostic[] {
  return [
    ...checkRules(index, valid),
    ...checkReferences(index, valid),
    ...checkCloudplatOperations(index, valid, meta),
    ...checkNetsvcOperations(index, valid, meta),
    ...checkLookupOperations(index, valid, meta),
  ];
}
