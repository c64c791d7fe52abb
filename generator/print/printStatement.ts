import { createRequire } from "node:module";
import type {
  ClassDeclarationStructure,
  ConstructorDeclarationStructure,
  FunctionDeclarationStructure,
  GetAccessorDeclarationStructure,
  ImportDeclarationStructure,
  MethodDeclarationStructure,
  OptionalKind,
  ParameterDeclarationStructure,
  PropertyDeclarationStructure,
  StatementStructures,
  TypeAliasDeclarationStructure,
  VariableStatementStructure,
} from "ts-morph";
import { Kind } from "../structures.js";
import { isDoc, printDocs, type Doc } from "./printDoc.js";
import { printInterface } from "./printInterface.js";

/** A statement as ts-morph prints it, directly when possible: ts-morph loads the TypeScript compiler. */
export function printStatement(statement: StatementStructures | string): string {
  if (typeof statement === "string") return statement;
  return printDirectly(statement) ?? printWithTsMorph(statement);
}

export function printDirectly(s: StatementStructures): string | undefined {
  switch (s.kind) {
    case Kind.Interface:
      return printInterface(s);
    case Kind.TypeAlias:
      return typeAlias(s);
    case Kind.VariableStatement:
      return variableStatement(s);
    case Kind.Function:
      return callable(s, ["isExported", "isAsync"], "function ", "");
    case Kind.Class:
      return classDeclaration(s);
    case Kind.ImportDeclaration:
      return importDeclaration(s);
    default:
      return undefined;
  }
}

/** ts-morph's own printer, for what printDirectly does not cover (initializers put in as printStatement does). */
export function printWithTsMorph(s: StatementStructures): string {
  const { printStructure } = createRequire(import.meta.url)("ts-morph") as typeof import("ts-morph");
  const initializers: unknown[] = [];
  const stand = <D extends { initializer?: unknown }>(d: D): D =>
    d.initializer === undefined
      ? d
      : { ...d, initializer: `__sdkgen_initializer_${initializers.push(d.initializer) - 1}__` };
  const shown = s.kind === Kind.VariableStatement ? { ...s, declarations: s.declarations.map(stand) } : s;
  const text = printStructure({ kind: Kind.SourceFile, statements: [shown] }, { indentNumberOfSpaces: 2 }).trimEnd();
  return text.replace(/__sdkgen_initializer_(\d+)__/g, (_, i: string) => String(initializers[Number(i)]));
}

const IND = "  ";

function typeAlias(s: TypeAliasDeclarationStructure): string | undefined {
  if (!only(s, ["name", "isExported", "type", "docs"]) || !line(s.type) || !docs(s.docs)) return;
  return `${printDocs(s.docs as Doc[], "")}${modifiers(s)}type ${s.name} = ${s.type};`;
}

function variableStatement(s: VariableStatementStructure): string | undefined {
  if (!only(s, ["isExported", "declarationKind", "docs", "declarations"]) || !docs(s.docs)) return;
  const declarations = s.declarations.map((d) => {
    if (!only(d, ["name", "type", "initializer"]) || !line(d.name) || (d.type !== undefined && !line(d.type))) return;
    if (d.initializer !== undefined && typeof d.initializer !== "string") return;
    return `${d.name}${d.type !== undefined ? `: ${d.type}` : ""}${d.initializer !== undefined && d.initializer.trim() ? ` = ${d.initializer}` : ""}`;
  });
  if (declarations.length === 0 || declarations.some((d) => d === undefined)) return;
  return `${printDocs(s.docs as Doc[], "")}${modifiers(s)}${s.declarationKind ?? "let"} ${declarations.join(", ")};`;
}

function classDeclaration(s: ClassDeclarationStructure): string | undefined {
  const allowed = ["name", "isExported", "extends", "docs", "properties", "ctors", "getAccessors", "methods"];
  if (!only(s, allowed) || !line(s.name) || !docs(s.docs) || (s.extends !== undefined && !line(s.extends))) return;
  const properties = (s.properties ?? []).map(property);
  const ctors = (s.ctors ?? []).map(constructorDeclaration);
  const getters = (s.getAccessors ?? []).map((g) => callable(g, [], "get ", IND));
  const methods = (s.methods ?? []).map((m) => callable(m, ["isStatic", "hasOverrideKeyword"], "", IND));
  const members = [...properties, ...ctors, ...getters, ...methods];
  if (members.some((m) => m === undefined)) return;
  const groups = [properties.join("\n"), ...ctors, ...getters, methods.join("\n\n")].filter((g) => g !== "");
  const inside = groups.map((g) => `${g}\n`).join("\n");
  const extendsClause = s.extends !== undefined ? `extends ${s.extends as string} ` : "";
  return `${printDocs(s.docs as Doc[], "")}${modifiers(s)}class ${s.name} ${extendsClause}{\n${inside}}`;
}

function property(p: OptionalKind<PropertyDeclarationStructure>): string | undefined {
  const allowed = ["name", "isStatic", "isReadonly", "initializer", "docs", "type", "hasQuestionToken"];
  if (!only(p, allowed) || !line(p.name) || !docs(p.docs) || !optionalLine(p.type) || !optionalLine(p.initializer))
    return;
  const type = p.type !== undefined ? `: ${p.type as string}` : "";
  const initializer = p.initializer !== undefined ? ` = ${p.initializer as string}` : "";
  return `${printDocs(p.docs as Doc[], IND)}${IND}${modifiers(p)}${p.name}${p.hasQuestionToken ? "?" : ""}${type}${initializer};`;
}

function constructorDeclaration(c: OptionalKind<ConstructorDeclarationStructure>): string | undefined {
  if (!only(c, ["docs", "parameters", "statements"]) || !docs(c.docs)) return;
  const params = parameters(c.parameters);
  const block = body(c.statements, IND);
  if (params === undefined || block === undefined) return;
  return `${printDocs(c.docs as Doc[], IND)}${IND}constructor${params} ${block}`;
}

/** A function, method or getter at `indent`: its modifiers (those `allowed`), `keyword`, name, signature and body. */
function callable(
  s: FunctionDeclarationStructure | OptionalKind<MethodDeclarationStructure | GetAccessorDeclarationStructure>,
  allowed: readonly string[],
  keyword: string,
  indent: string,
): string | undefined {
  if (!only(s, [...allowed, "name", "docs", "parameters", "returnType", "statements"])) return;
  if (!line(s.name) || !docs(s.docs) || !optionalLine(s.returnType)) return;
  const params = parameters(s.parameters);
  const block = body(s.statements, indent);
  if (params === undefined || block === undefined) return;
  const returns = s.returnType !== undefined ? `: ${s.returnType as string}` : "";
  return `${printDocs(s.docs as Doc[], indent)}${indent}${modifiers(s)}${keyword}${s.name}${params}${returns} ${block}`;
}

function importDeclaration(s: ImportDeclarationStructure): string | undefined {
  if (!only(s, ["moduleSpecifier", "isTypeOnly", "namespaceImport", "namedImports"])) return;
  if (!/^[\w@./-]+$/.test(s.moduleSpecifier) || (s.namespaceImport !== undefined && !line(s.namespaceImport))) return;
  const named = s.namedImports ?? [];
  if (!Array.isArray(named) || (s.namespaceImport !== undefined && named.length > 0)) return;
  const specifiers = named.map((n) =>
    typeof n === "object" && only(n, ["name", "isTypeOnly"]) && line(n.name)
      ? `${n.isTypeOnly ? "type " : ""}${n.name}`
      : undefined,
  );
  if (specifiers.some((x) => x === undefined)) return;
  const what =
    s.namespaceImport !== undefined
      ? ` * as ${s.namespaceImport}`
      : named.length
        ? ` { ${specifiers.join(", ")} }`
        : "";
  return `import${s.isTypeOnly ? " type" : ""}${what}${what ? " from" : ""} "${s.moduleSpecifier}";`;
}

function parameters(list: readonly OptionalKind<ParameterDeclarationStructure>[] | undefined): string | undefined {
  const printed = (list ?? []).map((p) => {
    if (!only(p, ["name", "type", "initializer"]) || !line(p.name)) return;
    if (!optionalLine(p.type) || !optionalLine(p.initializer)) return;
    const type = p.type !== undefined ? `: ${p.type as string}` : "";
    const initializer = p.initializer !== undefined ? ` = ${p.initializer as string}` : "";
    return `${p.name}${type}${initializer}`;
  });
  return printed.some((p) => p === undefined) ? undefined : `(${printed.join(", ")})`;
}

/** A block of statements, each on its line; one after a closing brace gets a blank line first. */
function body(statements: unknown, indent: string): string | undefined {
  const list = statements === undefined ? [] : statements;
  if (!Array.isArray(list) || !list.every(line)) return;
  const lines = (list as string[]).map(
    (s, i) => `${i > 0 && (list[i - 1] as string).trimEnd().endsWith("}") ? "\n" : ""}${indent}${IND}${s}\n`,
  );
  return `{\n${lines.join("")}${indent}}`;
}

const modifiers = (s: {
  isExported?: boolean;
  isStatic?: boolean;
  hasOverrideKeyword?: boolean;
  isAsync?: boolean;
  isReadonly?: boolean;
}): string =>
  `${s.isExported ? "export " : ""}${s.isStatic ? "static " : ""}${s.hasOverrideKeyword ? "override " : ""}${s.isAsync ? "async " : ""}${s.isReadonly ? "readonly " : ""}`;

function only(structure: object, printed: readonly string[]): boolean {
  // A loop over keys, not Object.entries: it runs for every structure and member of a large provider.
  for (const key in structure)
    if (key !== "kind" && !printed.includes(key) && isSet((structure as Record<string, unknown>)[key])) return false;
  return true;
}

const isSet = (value: unknown): boolean =>
  value !== undefined && value !== null && value !== false && !(Array.isArray(value) && value.length === 0);

const docs = (list: unknown): boolean =>
  list === undefined ||
  (Array.isArray(list) &&
    list.every(
      (d) =>
        isDoc(d) &&
        (typeof d === "string" ||
          (only(d, ["description", "tags"]) && (d.tags ?? []).every((t) => only(t, ["tagName", "text"])))),
    ));

/** Text ts-morph writes as it is: one line, no comment (ts-morph puts a list's commas before one), not blank. */
const line = (text: unknown): text is string =>
  typeof text === "string" &&
  text.trim().length > 0 &&
  !/[\r\n]|\/\/|\/\*/.test(text) &&
  (text.match(/`/g)?.length ?? 0) % 2 === 0;

const optionalLine = (text: unknown): boolean => text === undefined || line(text);
