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
  TypeParameterDeclarationStructure,
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
      return functionDeclaration(s);
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
  if (!only(s, ["name", "isExported", "type", "docs", "typeParameters"]) || !line(s.type) || !docs(s.docs)) return;
  const params = typeParameters(s.typeParameters);
  if (params === undefined) return;
  return `${printDocs(s.docs as Doc[], "")}${modifiers(s)}type ${s.name}${params} = ${s.type};`;
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

function functionDeclaration(s: FunctionDeclarationStructure): string | undefined {
  const allowed = ["name", "isExported", "isAsync", "docs", "typeParameters", "parameters", "returnType", "statements"];
  if (!only(s, allowed) || !line(s.name) || !docs(s.docs)) return;
  const head = signature(s);
  const block = body(s.statements, "");
  if (head === undefined || block === undefined) return;
  return `${printDocs(s.docs as Doc[], "")}${modifiers(s)}function ${s.name}${head} ${block}`;
}

function classDeclaration(s: ClassDeclarationStructure): string | undefined {
  const allowed = [
    "name",
    "isExported",
    "extends",
    "docs",
    "typeParameters",
    "properties",
    "ctors",
    "getAccessors",
    "methods",
  ];
  if (!only(s, allowed) || !line(s.name) || !docs(s.docs) || (s.extends !== undefined && !line(s.extends))) return;
  const params = typeParameters(s.typeParameters);
  const properties = (s.properties ?? []).map(property);
  const ctors = (s.ctors ?? []).map(constructorDeclaration);
  const getters = (s.getAccessors ?? []).map(getAccessor);
  const methods = (s.methods ?? []).map(method);
  const members = [...properties, ...ctors, ...getters, ...methods];
  if (params === undefined || members.some((m) => m === undefined)) return;
  const groups = [properties.join("\n"), ...ctors, ...getters, methods.join("\n\n")].filter((g) => g !== "");
  const inside = groups.map((g) => `${g}\n`).join("\n");
  const extendsClause = s.extends !== undefined ? `extends ${s.extends as string} ` : "";
  return `${printDocs(s.docs as Doc[], "")}${modifiers(s)}class ${s.name}${params} ${extendsClause}{\n${inside}}`;
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

function getAccessor(g: OptionalKind<GetAccessorDeclarationStructure>): string | undefined {
  const allowed = ["name", "isStatic", "hasOverrideKeyword", "docs", "returnType", "statements"];
  if (!only(g, allowed) || !line(g.name) || !docs(g.docs)) return;
  const head = signature(g);
  const block = body(g.statements, IND);
  if (head === undefined || block === undefined) return;
  return `${printDocs(g.docs as Doc[], IND)}${IND}${modifiers(g)}get ${g.name}${head} ${block}`;
}

function method(m: OptionalKind<MethodDeclarationStructure>): string | undefined {
  const allowed = ["name", "isStatic", "hasOverrideKeyword", "isAsync", "docs", "typeParameters", "parameters"];
  if (!only(m, [...allowed, "returnType", "statements"]) || !line(m.name) || !docs(m.docs)) return;
  const head = signature(m);
  const block = body(m.statements, IND);
  if (head === undefined || block === undefined) return;
  return `${printDocs(m.docs as Doc[], IND)}${IND}${modifiers(m)}${m.name}${head} ${block}`;
}

function importDeclaration(s: ImportDeclarationStructure): string | undefined {
  if (!only(s, ["moduleSpecifier", "isTypeOnly", "namespaceImport", "namedImports"])) return;
  if (!/^[\w@./-]+$/.test(s.moduleSpecifier) || (s.namespaceImport !== undefined && !line(s.namespaceImport))) return;
  const named = s.namedImports ?? [];
  if (!Array.isArray(named) || (s.namespaceImport !== undefined && named.length > 0)) return;
  const specifiers = named.map((n) => {
    if (typeof n === "string") return line(n) ? n : undefined;
    if (typeof n !== "object" || !only(n, ["name", "alias", "isTypeOnly"]) || !line(n.name)) return;
    if (n.alias !== undefined && !line(n.alias)) return;
    return `${n.isTypeOnly ? "type " : ""}${n.name}${n.alias ? ` as ${n.alias}` : ""}`;
  });
  if (specifiers.some((x) => x === undefined)) return;
  const what =
    s.namespaceImport !== undefined
      ? ` * as ${s.namespaceImport}`
      : named.length
        ? ` { ${specifiers.join(", ")} }`
        : "";
  return `import${s.isTypeOnly ? " type" : ""}${what}${what ? " from" : ""} "${s.moduleSpecifier}";`;
}

function signature(s: {
  typeParameters?: (OptionalKind<TypeParameterDeclarationStructure> | string)[] | undefined;
  parameters?: OptionalKind<ParameterDeclarationStructure>[] | undefined;
  returnType?: unknown;
}): string | undefined {
  const params = parameters(s.parameters);
  const types = typeParameters(s.typeParameters);
  if (params === undefined || types === undefined || !optionalLine(s.returnType)) return;
  return `${types}${params}${s.returnType !== undefined ? `: ${s.returnType as string}` : ""}`;
}

function parameters(list: readonly OptionalKind<ParameterDeclarationStructure>[] | undefined): string | undefined {
  const printed = (list ?? []).map((p) => {
    if (!only(p, ["name", "type", "initializer", "hasQuestionToken"]) || !line(p.name)) return;
    if (!optionalLine(p.type) || !optionalLine(p.initializer)) return;
    const type = p.type !== undefined ? `: ${p.type as string}` : p.hasQuestionToken ? ": any" : "";
    const initializer = p.initializer !== undefined ? ` = ${p.initializer as string}` : "";
    return `${p.name}${p.hasQuestionToken ? "?" : ""}${type}${initializer}`;
  });
  return printed.some((p) => p === undefined) ? undefined : `(${printed.join(", ")})`;
}

function typeParameters(
  list: readonly (OptionalKind<TypeParameterDeclarationStructure> | string)[] | undefined,
): string | undefined {
  if (!list?.length) return "";
  const printed = list.map((t) => {
    if (typeof t === "string") return line(t) ? t : undefined;
    if (!only(t, ["name", "constraint", "default"]) || !line(t.name)) return;
    if (!optionalLine(t.constraint) || !optionalLine(t.default)) return;
    return `${t.name}${t.constraint !== undefined ? ` extends ${t.constraint as string}` : ""}${t.default !== undefined ? ` = ${t.default as string}` : ""}`;
  });
  return printed.some((t) => t === undefined) ? undefined : `<${printed.join(", ")}>`;
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
