/** A reference to generated code (an imported constant) inside descriptor data. */
export class Code {
  constructor(readonly text: string) {}
}

const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Source text of a data literal: JSON-like, identifier keys unquoted, `Code` inserted verbatim. */
export function literal(value: unknown): string {
  if (value instanceof Code) return value.text;
  if (Array.isArray(value)) return `[${value.map(literal).join(", ")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    return `{ ${entries.map(([k, v]) => `${IDENT.test(k) ? k : JSON.stringify(k)}: ${literal(v)}`).join(", ")} }`;
  }
  return JSON.stringify(value);
}
