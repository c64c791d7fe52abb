import { UNBREAKABLE_HEAD } from "./breakLines.js";

/**
 * Marks around a statement the emitter printed in prettier's style: the formatter takes it out,
 * formats the rest of the module, and puts it back as it was.
 */
export const FORMATTED_BEGIN = "//@sdkgen:formatted:begin";
export const FORMATTED_END = "//@sdkgen:formatted:end";

const BLOCK = /^\/\/@sdkgen:formatted:begin\n([\s\S]*?)\n\/\/@sdkgen:formatted:end$/gm;
const PLACE = /^\/\/@sdkgen:formatted (\d+)$/gm;

/** The module with each marked statement replaced by a placeholder line, and those statements. */
export function takeFormatted(text: string): { rest: string; pieces: string[] } {
  const pieces: string[] = [];
  const rest = text.replace(BLOCK, (_, piece: string) => `//@sdkgen:formatted ${pieces.push(piece) - 1}`);
  return { rest, pieces };
}

/** Puts the statements back in place of their placeholders. */
export const putFormatted = (text: string, pieces: readonly string[]): string =>
  pieces.length === 0 ? text : text.replace(PLACE, (_, i: string) => pieces[Number(i)]!);

/**
 * Whether text needs no formatting: every code line (not in a doc comment) is within 120 columns
 * of printable characters one column wide each. What the emitters print is then what prettier would
 * make of it (prettier measures display width, which is the string length only for such characters:
 * ASCII, Latin letters and signs like §, dashes and ellipses, arrows, mathematical signs like −).
 * One test over the text: splitting a 46,000-member interface into lines cost more memory than printing it.
 */
export const inStyle = (text: string): boolean => !OUT_OF_STYLE.test(text);
// Lines prettier leaves wider: one string literal alone (a long value under its key), and an
// assignment's head it cannot break (UNBREAKABLE_HEAD).
const OUT_OF_STYLE = new RegExp(
  String.raw`^(?![ \t]*(?:\/\*\*|\*))(?:(?![ \t]*"(?:[^"\\\n]|\\.)*",?$|${UNBREAKABLE_HEAD.source.slice(1)})[^\n]{121,}|[^\n]*[^\x20-\x7e\n\u00a0-\u024f\u2010-\u2027\u2190-\u22ff])`,
  "m",
);

/** Blank lines as prettier leaves them: none at the start, at most one in a row, one newline at the end. */
export const settleBlankLines = (text: string): string =>
  text
    .replace(/\n{3,}/g, "\n\n")
    .replace(/^\n+/, "")
    .replace(/\n*$/, "\n");
