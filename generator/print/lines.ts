/** Every generated file's width: prettier's printWidth, fixed so that no user configuration changes output. */
export const WIDTH = 120;

/** Where each line wider than `width` starts and ends: a scan for line breaks (a regex from every line was slow). */
export function* longLines(text: string, width: number): Generator<[start: number, end: number]> {
  for (let start = 0; start < text.length;) {
    let end = text.indexOf("\n", start);
    if (end < 0) end = text.length;
    if (end - start > width) yield [start, end];
    start = end + 1;
  }
}

/** The line of `text` holding the character at `index`: [start, end). */
export function lineAround(text: string, index: number): [start: number, end: number] {
  const end = text.indexOf("\n", index);
  return [text.lastIndexOf("\n", index - 1) + 1, end < 0 ? text.length : end];
}

/** A line of a doc comment (its opening, or a continuation starting with `*`): never measured. */
export const COMMENT_LINE = /^[ \t]*(?:\/\*\*|\*)/;
