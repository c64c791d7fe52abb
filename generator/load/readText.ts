import { isUtf8 } from "node:buffer";
import { readFileSync } from "node:fs";

/** A file that is not UTF-8 text: where its first byte that starts no UTF-8 character is. */
export class NotUtf8Error extends Error {
  constructor(
    readonly line: number,
    readonly col: number,
    byte: number,
  ) {
    const hex = byte.toString(16).toUpperCase().padStart(2, "0");
    super(`not UTF-8 text: byte 0x${hex} starts no UTF-8 character here; save the file as UTF-8`);
  }
}

/** A file's text; one holding U+FFFD, as Node decodes non-UTF-8 bytes, is checked against its bytes. */
export function readText(path: string): string {
  const text = readFileSync(path, "utf8");
  if (!text.includes("\uFFFD")) return withoutMark(text);
  const bytes = readFileSync(path);
  if (isUtf8(bytes)) return withoutMark(bytes.toString("utf8"));
  throw notUtf8(bytes);
}

/** Without a byte order mark: YAML reads past it, but it would count as a column of the first line. */
export const withoutMark = (text: string): string => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);

function notUtf8(bytes: Buffer): NotUtf8Error {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < bytes.length;) {
    const length = characterLength(bytes, i);
    if (length === 0) return new NotUtf8Error(line, bytes.toString("utf8", lineStart, i).length + 1, bytes[i]!);
    if (bytes[i] === 0x0a) [line, lineStart] = [line + 1, i + 1];
    i += length;
  }
  throw new Error("notUtf8 called on UTF-8 text");
}

/** The length of character each lead byte announces, by the byte it is below (0: no character starts so). */
const LEAD_LENGTHS: readonly (readonly [below: number, length: number])[] = [
  [0x80, 1],
  [0xc2, 0],
  [0xe0, 2],
  [0xf0, 3],
  [0xf5, 4],
  [0x100, 0],
];

function characterLength(bytes: Buffer, i: number): number {
  const lead = bytes[i]!;
  const length = LEAD_LENGTHS.find(([below]) => lead < below)![1];
  return length > 0 && isUtf8(bytes.subarray(i, i + length)) ? length : 0;
}
