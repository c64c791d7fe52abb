import type { Diagnostic } from "../diagnostics.js";
import type { HookFile } from "../load/loadSchemas.js";
import { lazySource, outlineOf, type SourceDoc, type SourceMeta } from "../load/sourceDoc.js";
import { validateSchemas } from "../validate/validateSchemas.js";

/** A schema file as the worker is sent it: its text (for positions) and its data, read here already. */
type SentSource = SourceMeta & { readonly knownValid: boolean; readonly text: string; readonly data: unknown };

/** What the worker checks: one load's files, as validateSchemas checks them on this thread. */
export interface CheckTask {
  readonly sources: readonly SentSource[];
  readonly hooks: readonly HookFile[];
  readonly unread: readonly SourceMeta[];
}

/** Every problem the checks found, and the files (by shown path) that failed the meta-schema. */
export interface Checked {
  readonly diagnostics: readonly Diagnostic[];
  readonly invalid: readonly string[];
}

/** Has a worker check schema files while this thread goes on (RenderWorker.check). */
export type CheckBeside = (task: CheckTask) => Promise<Checked>;

/** A load's files as a CheckTask. */
export const checkTask = (
  sources: readonly SourceDoc[],
  hooks: readonly HookFile[],
  unread: readonly SourceMeta[],
): CheckTask => ({
  sources: sources.map((s) => ({
    file: s.file,
    provider: s.provider,
    folder: s.folder,
    stem: s.stem,
    hash: s.hash,
    knownValid: s.knownValid,
    text: s.text(),
    data: s.data,
  })),
  hooks,
  unread,
});

/** The worker's side: the checks of validateSchemas, with no memo (the run that sent them has none to scope by). */
export function runChecks({ sources, hooks, unread }: CheckTask): Checked {
  const docs = sources.map(({ knownValid, text, data, ...meta }) =>
    lazySource(
      () => text,
      meta,
      () => data,
      knownValid,
      outlineOf(data),
    ),
  );
  const { valid, diagnostics } = validateSchemas(docs, undefined, hooks, undefined, unread);
  return { diagnostics, invalid: docs.filter((d) => !valid.has(d)).map((d) => d.file) };
}
