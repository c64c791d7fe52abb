/** A place in a schema file: 1-based line and column, as editors count them. */
export interface SourcePos {
  readonly file: string;
  readonly line: number;
  readonly col: number;
}

/** A problem found in a schema file, reported as `file:line:col: message`. */
export interface Diagnostic extends SourcePos {
  readonly message: string;
}

export const formatPos = (p: SourcePos): string => `${p.file}:${p.line}:${p.col}`;

export function formatDiagnostic(d: Diagnostic): string {
  return `${formatPos(d)}: ${d.message}`;
}

/** Sorted by file, then position, then text, so reports are stable across runs. */
export function sortDiagnostics(list: readonly Diagnostic[]): Diagnostic[] {
  return [...list].sort(
    (a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.col - b.col || a.message.localeCompare(b.message),
  );
}

/** Thrown by a stage that found problems; the CLI prints them and exits non-zero. */
export class SchemaError extends Error {
  constructor(readonly diagnostics: readonly Diagnostic[]) {
    super(`${diagnostics.length} schema problem${diagnostics.length === 1 ? "" : "s"}`);
  }
}
