import type { StructureKind, VariableDeclarationKind } from "ts-morph";

/** ts-morph's structure kinds, without loading ts-morph (printStatement.test.ts holds them equal). */
export const Kind = {
  Class: 2 as StructureKind.Class,
  Function: 13 as StructureKind.Function,
  ImportDeclaration: 16 as StructureKind.ImportDeclaration,
  Interface: 19 as StructureKind.Interface,
  SourceFile: 36 as StructureKind.SourceFile,
  TypeAlias: 38 as StructureKind.TypeAlias,
  VariableStatement: 41 as StructureKind.VariableStatement,
} as const;

export const DeclarationKind = {
  Const: "const" as VariableDeclarationKind.Const,
  Let: "let" as VariableDeclarationKind.Let,
} as const;
