import type { InterfaceDeclarationStructure, OptionalKind, PropertySignatureStructure } from "ts-morph";
import { isDoc, printDocs, type Doc } from "./printDoc.js";

/** An interface as ts-morph prints it, written directly: ts-morph's writer is slow on huge interfaces. */
export function printInterface(s: InterfaceDeclarationStructure): string | undefined {
  const plain =
    !s.typeParameters?.length &&
    !s.methods?.length &&
    !s.callSignatures?.length &&
    !s.constructSignatures?.length &&
    !s.indexSignatures?.length &&
    !s.getAccessors?.length &&
    !s.setAccessors?.length &&
    !s.hasDeclareKeyword &&
    !s.isDefaultExport &&
    (s.extends === undefined || (Array.isArray(s.extends) && s.extends.every(oneLine)));
  if (!plain || !(s.properties ?? []).every(printable) || !(s.docs ?? []).every(isDoc)) return undefined;
  const members = (s.properties ?? []).map(member).join("");
  const heritage = s.extends?.length ? `extends ${(s.extends as string[]).join(", ")} ` : "";
  return `${printDocs(s.docs as Doc[], "")}${s.isExported ? "export " : ""}interface ${s.name} ${heritage}{\n${members}}`;
}

const oneLine = (text: unknown): boolean => typeof text === "string" && text.trim() !== "" && !/[\r\n]/.test(text);

const printable = (p: OptionalKind<PropertySignatureStructure>): boolean =>
  typeof p.type === "string" && p.initializer === undefined && (p.docs ?? []).every(isDoc) && !p.type.includes("\n");

function member(p: OptionalKind<PropertySignatureStructure>): string {
  return `${printDocs(p.docs as Doc[], "  ")}  ${p.isReadonly ? "readonly " : ""}${p.name}${p.hasQuestionToken ? "?" : ""}: ${p.type as string};\n`;
}
