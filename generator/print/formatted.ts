import { COMMENT_LINE, lineAround, longLines, WIDTH } from "./lines.js";

/** Marks around a statement printed in prettier's style: the formatter takes it out and puts it back as it was. */
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

/** Whether every code line fits WIDTH in one-column characters; scanned, not split, as huge modules cost memory. */
export function inStyle(text: string): boolean {
  for (const [start, end] of longLines(text, WIDTH)) {
    const line = text.slice(start, end);
    if (!COMMENT_LINE.test(line) && !LONE_STRING.test(line) && !loneTemplate(line)) return false;
  }
  WIDE_CHAR.lastIndex = 0;
  for (let m = WIDE_CHAR.exec(text); m; m = WIDE_CHAR.exec(text)) {
    const [start, end] = lineAround(text, m.index);
    const line = text.slice(start, end);
    if (!COMMENT_LINE.test(line) && !loneTemplate(line)) return false;
    WIDE_CHAR.lastIndex = end;
  }
  return true;
}

// Lines prettier leaves wider: one string literal alone, and a template literal (loneTemplate).
const LONE_STRING = /^[ \t]*"(?:[^"\\]|\\.)*",?$/;
/** A character prettier may not count as one column (a tab, a CJK character, an emoji). */
const WIDE_CHAR = /[^\x20-\x7e\n\u00a0-\u024f\u2010-\u2027\u2190-\u22ff]/g;

/** A line that is one template literal: prettier breaks neither inside nor before one, so it stays as wide. */
function loneTemplate(line: string): boolean {
  const start = /^\s*(?:[\w$]+: )?`/.exec(line);
  if (!start) return false;
  // What encloses the reader: "`" a template's text, "{" an expression inside one (or a block in it).
  const stack = ["`"];
  for (let i = start[0].length; i < line.length; i++) {
    const c = line[i]!;
    const top = stack[stack.length - 1];
    if (top === "`") {
      if (c === "\\") i++;
      else if (c === "`") stack.pop();
      else if (c === "$" && line[i + 1] === "{") {
        stack.push("{");
        i++;
      }
    } else if (c === "`" || c === "{") stack.push(c);
    else if (c === "}") stack.pop();
    else if (c === '"' || c === "'") {
      for (i++; i < line.length && line[i] !== c; i++) if (line[i] === "\\") i++;
    }
    if (stack.length === 0) return /^,?$/.test(line.slice(i + 1));
  }
  return false;
}

/** Blank lines as prettier leaves them: none at the start, at most one in a row, one newline at the end. */
export function settleBlankLines(text: string): string {
  const settled = text.replace(/\n{3,}/g, "\n\n").replace(/^\n+/, "");
  // Trailing line breaks found from the end: `/\n*$/` tries a match at every position of a module.
  let end = settled.length;
  while (end > 0 && settled[end - 1] === "\n") end--;
  return `${settled.slice(0, end)}\n`;
}
