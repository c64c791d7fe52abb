import { WIDTH } from "../print/index.js";

/** A reference to generated code (an imported constant) inside descriptor data. */
export class Code {
  constructor(readonly text: string) {}
}

const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
/** Objects this wide or less (with their indent) are written on one line, wider ones one entry a line. */
const INLINE_WIDTH = 80;

/** A data literal laid out exactly as prettier would, so the formatter passes it through (literal.test.ts). */
export function literal(value: unknown, lead: number, trail: number): string {
  return print(node(value, ""), "", lead, trail);
}

type Node = Scalar | Collection;

interface Scalar {
  readonly kind: "scalar" | "number";
  readonly flat: string;
  readonly mustBreak: false;
  readonly source: number;
}

interface Collection {
  readonly kind: "list" | "object";
  /** Its width as first written on one line, or undefined when written on several (sourceWidth). */
  readonly source: number | undefined;
  /** Its text on one line, when that is WIDTH columns or less (a wider one is never used). */
  readonly flat: string | undefined;
  /** Broken whatever the width: it or a descendant must be. */
  readonly mustBreak: boolean;
  readonly children: readonly Node[];
  readonly keys: readonly string[];
}

function node(value: unknown, indent: string): Node {
  const inner = `${indent}  `;
  if (value instanceof Code) return scalar(value.text, "scalar", value.text.length);
  if (Array.isArray(value)) {
    const children = value.map((v) => node(v, inner));
    return {
      flat: oneLine("list", [], children),
      mustBreak: children.some((c) => c.mustBreak) || breaksAlways(value),
      kind: "list",
      children,
      keys: [],
      source: sourceWidth(children, [], indent),
    };
  }
  if (value !== null && typeof value === "object") {
    // One pass over the entries (a loop, not Object.entries: this runs for every node of every descriptor).
    const keys: string[] = [];
    const widths: number[] = [];
    const children: Node[] = [];
    for (const k in value) {
      const v = (value as Record<string, unknown>)[k];
      if (v === undefined) continue;
      const ident = IDENT.test(k);
      keys.push(ident ? k : quote(k));
      widths.push(ident ? k.length : JSON.stringify(k).length);
      children.push(node(v, inner));
    }
    const source = sourceWidth(children, widths, indent);
    return {
      flat: oneLine("object", keys, children),
      // Written expanded, so prettier keeps it expanded.
      mustBreak: children.some((c) => c.mustBreak) || source === undefined,
      kind: "object",
      children,
      keys,
      source,
    };
  }
  const json = JSON.stringify(value);
  return scalar(
    typeof value === "string" ? quote(value, json) : json,
    typeof value === "number" ? "number" : "scalar",
    json.length,
  );
}

function scalar(flat: string, kind: "scalar" | "number", source: number): Scalar {
  return { flat, mustBreak: false, kind, source };
}

/** `[a, b]` or `{ a: 1 }`, unless a child or the whole is too wide: measured before joining (maps can be huge). */
function oneLine(kind: Collection["kind"], keys: readonly string[], children: readonly Node[]): string | undefined {
  const [open, close, pad] = kind === "list" ? ["[", "]", ""] : ["{", "}", " "];
  if (children.length === 0) return open + close;
  let width = 2 + 2 * pad.length + 2 * (children.length - 1);
  for (const [i, c] of children.entries()) {
    if (c.flat === undefined) return undefined;
    width += c.flat.length + (keys.length ? keys[i]!.length + 2 : 0);
    if (width > WIDTH) return undefined;
  }
  const parts = keys.length ? children.map((c, i) => `${keys[i]}: ${c.flat}`) : children.map((c) => c.flat);
  return `${open}${pad}${parts.join(", ")}${pad}${close}`;
}

/** Width as first written on one line (from the children's widths), or undefined when wider than INLINE_WIDTH. */
function sourceWidth(children: readonly Node[], keys: readonly number[], indent: string): number | undefined {
  if (children.length === 0) return 2;
  const isList = keys.length === 0;
  let width = isList ? 2 : 4;
  for (const [i, c] of children.entries()) {
    if (c.source === undefined) return undefined;
    width += c.source + (i > 0 ? 2 : 0) + (isList ? 0 : keys[i]! + 2);
  }
  return width > INLINE_WIDTH - indent.length ? undefined : width;
}

/** Prettier always breaks a list of two or more objects (or lists) that each hold two or more entries. */
function breaksAlways(items: readonly unknown[]): boolean {
  if (items.length < 2) return false;
  const size = (v: unknown) =>
    Array.isArray(v) ? v.length : Object.values(v as object).filter((x) => x !== undefined).length;
  const allObjects = items.every(
    (v) => v !== null && typeof v === "object" && !Array.isArray(v) && !(v instanceof Code),
  );
  const allLists = items.every((v) => Array.isArray(v));
  return (allObjects || allLists) && items.every((v) => size(v) > 1);
}

function print(n: Node, indent: string, col: number, trail: number): string {
  return "children" in n ? printCollection(n, indent, col, trail) : n.flat;
}

function printCollection(n: Collection, indent: string, col: number, trail: number): string {
  if (!n.mustBreak && n.flat !== undefined && col + n.flat.length + trail <= WIDTH) return n.flat;
  const inner = `${indent}  `;
  if (n.kind === "object")
    return `{\n${n.children.map((c, i) => `${inner}${entry(n.keys[i]!, c, inner)},\n`).join("")}${indent}}`;
  const numbers = n.children.filter((c): c is Scalar => c.kind === "number");
  if (numbers.length > 0 && numbers.length === n.children.length) return fill(numbers, indent);
  return `[\n${n.children.map((c) => `${inner}${print(c, inner, inner.length, 1)},\n`).join("")}${indent}]`;
}

/** `key: value` in a broken object: a string too long for the line moves under a key of 5 columns or more. */
function entry(key: string, value: Node, indent: string): string {
  const col = indent.length + key.length + 2;
  if (value.kind === "scalar" && /^["']/.test(value.flat) && key.length >= 5 && col + value.flat.length + 1 > WIDTH)
    return `${key}:\n${indent}  ${value.flat}`;
  return `${key}: ${print(value, indent, col, 1)}`;
}

function fill(numbers: readonly Scalar[], indent: string): string {
  const inner = `${indent}  `;
  const lines: string[] = [];
  let line = "";
  for (const c of numbers) {
    if (line && inner.length + line.length + 1 + c.flat.length + 1 > WIDTH) {
      lines.push(line);
      line = "";
    }
    line += line ? ` ${c.flat},` : `${c.flat},`;
  }
  lines.push(line);
  return `[\n${lines.map((l) => `${inner}${l}\n`).join("")}${indent}]`;
}

/** A string literal as prettier writes it: double quotes, unless the text holds more of them than single ones. */
function quote(s: string, json = JSON.stringify(s)): string {
  if (!s.includes('"') || s.split('"').length <= s.split("'").length) return json;
  let out = "'";
  for (const ch of s) out += ch === "'" ? "\\'" : ch === '"' ? '"' : JSON.stringify(ch).slice(1, -1);
  return `${out}'`;
}
