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

/** A problem at `pos`, its line and column read now (a model's positions are found when first read). */
export const diagnosticAt = (pos: SourcePos, message: string): Diagnostic => ({
  file: pos.file,
  line: pos.line,
  col: pos.col,
  message,
});

export const formatPos = (p: SourcePos): string => `${p.file}:${p.line}:${p.col}`;

/** Longest message printed whole: a diagnostic may quote a value, and a value may be megabytes. */
const MAX_MESSAGE = 400;
const MAX_REPORTED = 100;

export function formatDiagnostic(d: Diagnostic): string {
  const message = escapeControls(d.message);
  const cut = message.length - MAX_MESSAGE;
  return `${formatPos(d)}: ${cut > 0 ? `${message.slice(0, MAX_MESSAGE)}… (${cut} more characters)` : message}`;
}

/** Control characters as JSON escapes: a `\r` in a quoted key would overwrite the line's position on a terminal. */
const escapeControls = (text: string): string =>
  text.replace(/[\u0000-\u001f\u007f]/g, (c) => JSON.stringify(c).slice(1, -1));

/** A report's lines: the first MAX_REPORTED diagnostics, then how many more there are. */
export function reportLines(list: readonly Diagnostic[], show: (d: Diagnostic) => Diagnostic = (d) => d): string[] {
  const lines = list.slice(0, MAX_REPORTED).map((d) => formatDiagnostic(show(d)));
  const more = list.length - MAX_REPORTED;
  return more > 0 ? [...lines, `… and ${more} more problem${more === 1 ? "" : "s"}`] : lines;
}

/** Sorted by file, then position, then text, so reports are stable across runs; each said once. */
export function sortDiagnostics(list: readonly Diagnostic[]): Diagnostic[] {
  const sorted = [...list].sort(
    (a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.col - b.col || a.message.localeCompare(b.message),
  );
  // One problem found once per including entity (a field group's) is said once.
  const key = (d: Diagnostic) => JSON.stringify([d.file, d.line, d.col, d.message]);
  return sorted.filter((d, i) => i === 0 || key(sorted[i - 1]!) !== key(d));
}

/** Thrown by a stage that found problems; the CLI prints them and exits non-zero. */
export class SchemaError extends Error {
  constructor(readonly diagnostics: readonly Diagnostic[]) {
    super(`${diagnostics.length} schema problem${diagnostics.length === 1 ? "" : "s"}`);
  }
}
