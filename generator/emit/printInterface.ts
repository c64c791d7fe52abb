import type { InterfaceDeclarationStructure, JSDocStructure, OptionalKind, PropertySignatureStructure } from "ts-morph";

type Doc = string | OptionalKind<JSDocStructure>;

/**
 * A field interface as ts-morph prints it (JSDoc blocks, one member a line), written directly: on a
 * resource of 46,000 fields ts-morph's writer, which looks at every character it writes, cost seconds
 * and hundreds of MiB. Only what field interfaces use is supported: docs, `export`, and properties
 * (with docs, `readonly`, `?` and a type); printModule prints anything else through ts-morph.
 */
export function printInterface(s: InterfaceDeclarationStructure): string | undefined {
  const plain =
    !s.extends?.length &&
    !s.typeParameters?.length &&
    !s.methods?.length &&
    !s.callSignatures?.length &&
    !s.constructSignatures?.length &&
    !s.indexSignatures?.length &&
    !s.getAccessors?.length &&
    !s.setAccessors?.length &&
    !s.hasDeclareKeyword &&
    !s.isDefaultExport;
  if (!plain || !(s.properties ?? []).every(printable) || !(s.docs ?? []).every(isDoc)) return undefined;
  const members = (s.properties ?? []).map(member).join("");
  return `${(s.docs ?? []).map((d) => `${printDoc(d as Doc, "")}\n`).join("")}${s.isExported ? "export " : ""}interface ${s.name} {\n${members}}`;
}

/** A doc of plain text (ts-morph also takes writer functions, which this does not print). */
const isDoc = (d: unknown): d is Doc =>
  typeof d === "string" ||
  (typeof d === "object" &&
    d !== null &&
    typeof ((d as JSDocStructure).description ?? "") === "string" &&
    ((d as JSDocStructure).tags ?? []).every((t) => typeof (t.text ?? "") === "string"));

const printable = (p: OptionalKind<PropertySignatureStructure>): boolean =>
  typeof p.type === "string" && p.initializer === undefined && (p.docs ?? []).every(isDoc) && !p.type.includes("\n");

function member(p: OptionalKind<PropertySignatureStructure>): string {
  const docs = (p.docs ?? []).map((d) => `${printDoc(d as Doc, "  ")}\n`).join("");
  return `${docs}  ${p.isReadonly ? "readonly " : ""}${p.name}${p.hasQuestionToken ? "?" : ""}: ${p.type as string};\n`;
}

/** A JSDoc block as ts-morph writes it: `/** text *\/` for one line, else a line per line, each after ` *`. */
function printDoc(doc: Doc, indent: string): string {
  const lines = docText(doc).split(/\r?\n/);
  if (lines.length <= 1) {
    const line = lines[0]!;
    return `${indent}/** ${line}${line.endsWith(" ") ? "" : " "}*/`;
  }
  const body = lines.slice(lines[0]!.length === 0 ? 1 : 0);
  return `${indent}/**\n${body.map((l) => `${indent} *${l.length > 0 ? ` ${l}` : ""}\n`).join("")}${indent} */`;
}

/** The description, then each tag on its own line as `@name text`. */
function docText(doc: Doc): string {
  if (typeof doc === "string") return doc;
  const description = typeof doc.description === "string" ? doc.description : "";
  const tags = (doc.tags ?? []).map((t) => {
    const text = typeof t.text === "string" ? t.text : "";
    return `@${t.tagName}${text.length > 0 && !/^\r?\n/.test(text) ? " " : ""}${text}`;
  });
  return [description, ...tags].filter((part, i) => i > 0 || part.length > 0).join("\n");
}
