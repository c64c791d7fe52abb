/** A reference to generated code (an imported constant) inside descriptor data. */
export class Code {
  constructor(readonly text: string) {}
}

const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
/** Objects and arrays that fit in this many columns stay on one line, as prettier would keep them. */
const INLINE_WIDTH = 80;

/**
 * Source text of a data literal: JSON-like, identifier keys unquoted, `Code` inserted verbatim, and
 * already broken into lines roughly as prettier will lay it out, which makes formatting much cheaper.
 */
export function literal(value: unknown, indent = ""): string {
  if (value instanceof Code) return value.text;
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    const items = value.map((v) => literal(v, inner));
    return layout("[", "]", items, indent);
  }
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${IDENT.test(k) ? k : JSON.stringify(k)}: ${literal(v, inner)}`);
    return layout("{", "}", entries, indent, " ");
  }
  return JSON.stringify(value);
}

function layout(open: string, close: string, parts: string[], indent: string, pad = ""): string {
  if (parts.length === 0) return open + close;
  const flat = `${open}${pad}${parts.join(", ")}${pad}${close}`;
  if (!flat.includes("\n") && flat.length + indent.length <= INLINE_WIDTH) return flat;
  return `${open}\n${parts.map((p) => `${indent}  ${p},`).join("\n")}\n${indent}${close}`;
}
