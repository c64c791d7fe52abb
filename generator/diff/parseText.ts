import { parseSource } from "../load/sourceDoc.js";

/**
 * A schema text's data by its hash, when it parses cleanly; a file with YAML errors is left to the
 * loader, which reports them with positions. The metadata only names diagnostics, not kept here.
 */
export function parsed(hash: string, text: string): [string, unknown][] {
  const r = parseSource(text, { file: hash, provider: "", folder: "types", stem: "", hash });
  return r.source ? [[hash, r.source.data]] : [];
}
