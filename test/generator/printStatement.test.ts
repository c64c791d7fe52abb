import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { StructureKind, VariableDeclarationKind, type StatementStructures } from "ts-morph";
import { describe, expect, it, vi } from "vitest";
import { DeclarationKind, Kind } from "../../generator/structures.js";
import { printDirectly, printStatement, printWithTsMorph } from "../../generator/print/printStatement.js";
import { generatePackages, loadModels } from "../../generator/pipeline.js";
import { writeSynthetic } from "../bench/synthetic.mjs";

// Every statement an emitter hands to printStatement, kept for comparison with ts-morph.
const printed = vi.hoisted(() => [] as unknown[]);
vi.mock("../../generator/print/printStatement.js", async (original) => {
  const real = await original<typeof import("../../generator/print/printStatement.js")>();
  return { ...real, printStatement: (s: StatementStructures | string) => (printed.push(s), real.printStatement(s)) };
});

describe("printStatement", () => {
  it("uses ts-morph's values of the structure kinds", () => {
    for (const [name, value] of Object.entries(Kind))
      expect(value, name).toBe(StructureKind[name as keyof typeof Kind]);
    for (const [name, value] of Object.entries(DeclarationKind))
      expect(value, name).toBe(VariableDeclarationKind[name as keyof typeof DeclarationKind]);
  });

  it("prints every statement of both providers and a synthetic one directly, as ts-morph does", async () => {
    const synthetic = mkdtempSync(join(tmpdir(), "sdkgen-print-"));
    writeSynthetic(synthetic, 60);
    printed.length = 0;
    await generatePackages([...loadModels("schemas"), ...loadModels(synthetic)]);
    const statements = printed.filter((s): s is StatementStructures => typeof s !== "string");
    expect(statements.length).toBeGreaterThan(1000);
    const kinds = new Set(statements.map((s) => s.kind));
    for (const kind of Object.values(Kind)) if (kind !== Kind.SourceFile) expect(kinds).toContain(kind);
    for (const s of statements) expect(printDirectly(s)).toBe(printWithTsMorph(s));
  });

  it("leaves to ts-morph what it does not print itself", () => {
    const structures: StatementStructures[] = [
      { kind: StructureKind.Enum, name: "Color", isExported: true, members: [{ name: "Red" }, { name: "Blue" }] },
      { kind: StructureKind.Function, name: "f", isGenerator: true, statements: ["yield 1;"] },
      { kind: StructureKind.Class, name: "C", properties: [{ name: "x", hasExclamationToken: true, type: "number" }] },
      { kind: StructureKind.TypeAlias, name: "T", type: (w) => w.write("string") },
      { kind: StructureKind.Function, name: "g", statements: ["if (a) {\n  b();\n}"] },
    ];
    for (const s of structures) {
      expect(printDirectly(s)).toBeUndefined();
      expect(printStatement(s)).toBe(printWithTsMorph(s));
    }
    expect(printStatement(structures[0]!)).toBe("export enum Color {\n  Red,\n  Blue\n}");
  });

  it("puts a variable's initializer in as written, where ts-morph would indent its lines", () => {
    const s: StatementStructures = {
      kind: StructureKind.VariableStatement,
      declarationKind: VariableDeclarationKind.Const,
      isExported: true,
      docs: ["A value."],
      declarations: [{ name: "x", type: "X", initializer: "{\n  a: 1,\n}" }],
    };
    expect(printStatement(s)).toBe("/** A value. */\nexport const x: X = {\n  a: 1,\n};");
  });
});
