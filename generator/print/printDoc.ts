import type { JSDocStructure, OptionalKind } from "ts-morph";

export type Doc = string | OptionalKind<JSDocStructure>;

/** A doc of plain text (ts-morph also takes writer functions, which printStatement does not print). */
export const isDoc = (d: unknown): d is Doc =>
  typeof d === "string" ||
  (typeof d === "object" &&
    d !== null &&
    typeof ((d as JSDocStructure).description ?? "") === "string" &&
    ((d as JSDocStructure).tags ?? []).every((t) => typeof (t.text ?? "") === "string"));

/** Each doc as ts-morph prints it before a declaration at `indent`, a line break after each. */
export const printDocs = (docs: readonly Doc[] | undefined, indent: string): string =>
  (docs ?? []).map((d) => `${printDoc(d, indent)}\n`).join("");

/** A JSDoc block as ts-morph writes it: `/** text *\/` for one line, else a line per line, each after ` *`. */
function printDoc(doc: Doc, indent: string): string {
  const lines = docText(doc).split(/\r?\n/);
  if (lines.length <= 1) {
    const open = `${indent}/** ${lines[0]!}`;
    return `${open}${open.endsWith(" ") ? "" : " "}*/`;
  }
  const body = lines.slice(lines[0]!.length === 0 ? 1 : 0);
  return `${indent}/**\n${body.map((l) => `${indent} *${l.length > 0 ? ` ${l}` : ""}\n`).join("")}${indent} */`;
}

function docText(doc: Doc): string {
  if (typeof doc === "string") return doc;
  const description = typeof doc.description === "string" ? doc.description : "";
  const tags = (doc.tags ?? []).map((t) => {
    const text = typeof t.text === "string" ? t.text : "";
    return `@${t.tagName}${text.length > 0 && !/^\r?\n/.test(text) ? " " : ""}${text}`;
  });
  return [description, ...tags].filter((part, i) => i > 0 || part.length > 0).join("\n");
}
