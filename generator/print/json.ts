import { WIDTH } from "./lines.js";

/** JSON as prettier prints it (json.test.ts), or undefined for what only prettier lays out; spares loading it. */
export function formatJson(text: string): string | undefined {
  try {
    JSON.parse(text);
  } catch {
    return undefined; // prettier reports it
  }
  const reader = new Reader(text);
  const value = reader.value();
  if (!value || (value.kind !== "object" && value.kind !== "array")) return undefined;
  return `${print(value, "", 0, "")}\n`;
}

type Value =
  | { kind: "scalar"; raw: string }
  | { kind: "array"; items: Item[] }
  | { kind: "object"; members: Member[]; brokenInSource: boolean };
type Item = { value: Value; blankBefore: boolean };
type Member = Item & { key: string };

function print(v: Value, indent: string, column: number, after: string): string {
  const one = flat(v);
  if (one !== undefined && column + one.length + after.length <= WIDTH) return one;
  if (v.kind === "scalar") return v.raw;
  const inner = `${indent}  `;
  const [open, close, entries] = v.kind === "array" ? ["[", "]", v.items] : ["{", "}", v.members];
  const lines = entries.map((e, i) => {
    const head = "key" in e ? `${inner}${e.key}: ` : inner;
    const after = comma(i, entries);
    return `${gap(e, i)}${head}${print(e.value, inner, head.length, after)}${after}`;
  });
  return `${open}\n${lines.join("\n")}\n${indent}${close}`;
}

const gap = (item: Item, i: number): string => (i > 0 && item.blankBefore ? "\n" : "");
const comma = (i: number, list: readonly unknown[]): string => (i < list.length - 1 ? "," : "");

function flat(v: Value): string | undefined {
  if (v.kind === "scalar") return v.raw;
  if (v.kind === "array") {
    const items = v.items.map((item) => flat(item.value));
    return items.some((i) => i === undefined) ? undefined : `[${items.join(", ")}]`;
  }
  if (v.members.length === 0) return "{}";
  // A blank line kept between members breaks the object (one between items is kept only in a broken array).
  if (v.brokenInSource || v.members.some((m, i) => i > 0 && m.blankBefore)) return undefined;
  const members = v.members.map((m) => {
    const value = flat(m.value);
    return value === undefined ? undefined : `${m.key}: ${value}`;
  });
  return members.some((m) => m === undefined) ? undefined : `{ ${members.join(", ")} }`;
}

/** Reads JSON known to parse, keeping what prettier's layout depends on; undefined beyond this printer's part. */
class Reader {
  private at = 0;
  constructor(private readonly text: string) {}

  value(): Value | undefined {
    this.space();
    const c = this.text[this.at];
    if (c === "{") return this.object();
    if (c === "[") return this.array();
    const raw = this.match(SCALAR);
    return raw === undefined ? undefined : { kind: "scalar", raw };
  }

  private object(): Value | undefined {
    this.at++; // {
    let gap = this.space();
    const brokenInSource = gap.includes("\n");
    const members: Member[] = [];
    while (this.text[this.at] !== "}") {
      const key = this.match(STRING);
      if (key === undefined) return undefined;
      this.next();
      this.at++; // :
      const value = this.value();
      if (!value) return undefined;
      members.push({ key, value, blankBefore: BLANK.test(gap) });
      if (this.next() === ",") this.at++;
      gap = this.space();
    }
    this.at++; // }
    return { kind: "object", members, brokenInSource };
  }

  private array(): Value | undefined {
    this.at++; // [
    let gap = this.space();
    const items: Item[] = [];
    while (this.text[this.at] !== "]") {
      const value = this.value();
      // Strings, booleans and nulls only: see formatJson.
      if (!value || value.kind !== "scalar" || !/^["tfn]/.test(value.raw)) return undefined;
      items.push({ value, blankBefore: BLANK.test(gap) });
      if (this.next() === ",") this.at++;
      gap = this.space();
    }
    this.at++; // ]
    return { kind: "array", items };
  }

  private space(): string {
    const start = this.at;
    while (/\s/.test(this.text[this.at] ?? "")) this.at++;
    return this.text.slice(start, this.at);
  }

  private next(): string | undefined {
    this.space();
    return this.text[this.at];
  }

  private match(pattern: RegExp): string | undefined {
    pattern.lastIndex = this.at;
    const m = pattern.exec(this.text);
    if (!m) return undefined;
    this.at += m[0].length;
    return m[0];
  }
}

const BLANK = /\n[ \t\r]*\n/;
const STRING = /"(?:[^"\\]|\\.)*"/y;
const SCALAR = /"(?:[^"\\]|\\.)*"|-?(?:0|[1-9]\d*)(?![.eE\d])|true|false|null/y;
