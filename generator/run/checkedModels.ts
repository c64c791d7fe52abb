import { SchemaError, sortDiagnostics } from "../diagnostics.js";
import { collectSources, readSchemas, type Parsed, type SchemaText } from "../load/loadSchemas.js";
import { lazySource, outlineOf, parseSource } from "../load/sourceDoc.js";
import { buildModel } from "../model/buildModel.js";
import type { PackageModel } from "../model/types.js";
import { validateSchemas } from "../validate/validateSchemas.js";
import type { Explanation } from "./explain.js";
import type { RunStore } from "./store.js";

/**
 * load -> validate -> model, reusing what `reuse` kept of an earlier run: a schema file's data by its
 * text's hash, and the meta-schema's verdict by its folder and text. Throws SchemaError with every
 * problem found. Without `reuse`, the stages as they are.
 */
export function checkedModels(schemaDir: string, reuse?: RunStore, explain?: Explanation): PackageModel[] {
  const listing = readSchemas(schemaDir);
  const parsed = listing.texts.map((t) => (reuse ? parsedAgain(t, reuse, explain) : parseSource(t.text, t.meta)));
  const loaded = collectSources(listing, parsed);
  const { providers, valid, diagnostics } = validateSchemas(loaded.sources, loaded.hooks, loaded.unread);
  for (const src of valid) {
    if (src.knownValid) explain?.count("schema files the meta-schema passed before");
    else explain?.count("schema files checked against the meta-schema");
    reuse?.keepValid(verdictKey(src));
  }
  const problems = [...loaded.diagnostics, ...diagnostics];
  if (problems.length > 0) throw new SchemaError(sortDiagnostics(problems));
  return providers.map(buildModel);
}

/** The meta-schema's verdict on a file is a function of its folder (which kinds it may hold) and its text. */
const verdictKey = ({ folder, hash }: { folder: string; hash: string }) => `${folder}:${hash}`;

/** A schema file parsed, or its data as an earlier run parsed the same text. */
function parsedAgain({ text, meta }: SchemaText, reuse: RunStore, explain?: Explanation): Parsed {
  const data = reuse.parsed(meta.hash);
  if (data === undefined) {
    explain?.count("schema files parsed");
    const read = parseSource(text, meta);
    if (read.source) reuse.keepParsed(meta.hash, read.source.data);
    return read;
  }
  explain?.count("schema files whose parse was reused");
  reuse.keepParsed(meta.hash, data);
  const source = lazySource(
    () => text,
    meta,
    () => data,
    reuse.valid(verdictKey(meta)),
    outlineOf(data),
  );
  return { source, diagnostics: [] };
}
