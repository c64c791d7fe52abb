import { printStructure, StructureKind, type StatementStructures } from "ts-morph";
import { breakLongLines } from "../format/breakLines.js";
import { FORMATTED_BEGIN, FORMATTED_END, inStyle } from "../format/formatted.js";
import type { ModuleContext } from "./context.js";
import { header } from "./header.js";
import { printInterface } from "./printInterface.js";

/**
 * Prints a module: the generated-file header, its sorted imports, then its declarations.
 *
 * Most of it is printed in prettier's style already: descriptors are laid out by `literal`, field
 * interfaces by `printInterface`, and what ts-morph prints of the emitters' other declarations is
 * what prettier would make of it as long as every code line fits in 120 columns of ASCII, once the
 * long signatures, calls and import lists are broken as prettier breaks them (breakLongLines). Such a
 * (documented) declaration is marked for the formatter to pass through, which spares it most of its
 * work; the rest (imports, wider lines) is formatted. test/generator/preformatted.test.ts holds
 * every module of a synthetic provider to prettier's output, and `generate --check` the real ones.
 */
export function printModule(ctx: ModuleContext, sources: readonly string[], statements: StatementStructures[]): string {
  const blocks: string[] = [];
  const shown = statements.map((statement) => {
    if (!documented(statement)) return statement;
    const text = printAlone(statement);
    if (!inStyle(text)) return statement;
    // Put in after printing (ts-morph would read the whole text again), between blank lines as ts-morph sets declarations apart.
    return `${PLACEHOLDER}${blocks.push(`\n${FORMATTED_BEGIN}\n${text}\n${FORMATTED_END}\n`) - 1}`;
  });
  const text = breakLongLines(print([...ctx.imports.structures(), ...shown]));
  return header(sources) + (blocks.length ? text.replace(PLACEHOLDERS, (_, i: string) => blocks[Number(i)]!) : text);
}

/** A declaration with a doc comment: the module has a blank line before it, wherever it is. */
const documented = (statement: StatementStructures): boolean =>
  "docs" in statement && Array.isArray(statement.docs) && statement.docs.length > 0;

const PLACEHOLDER = "//@sdkgen:statement ";
const PLACEHOLDERS = /^\/\/@sdkgen:statement (\d+)$/gm;

/**
 * One statement's text. An initializer is put in after printing: ts-morph would indent the lines of a
 * multi-line one by another level.
 */
function printAlone(statement: StatementStructures): string {
  return breakLongLines(printUnbroken(statement));
}

function printUnbroken(statement: StatementStructures): string {
  // Prettier trims the ends of doc comment lines (ts-morph keeps a space after "Allowed values:"),
  // and writes an empty body as "{}".
  const direct = statement.kind === StructureKind.Interface ? printInterface(statement) : undefined;
  if (direct !== undefined) return trimLineEnds(direct).replace(/\{\n\}$/, "{}");
  if (statement.kind !== StructureKind.VariableStatement)
    return trimLineEnds(print([statement]).trimEnd()).replace(/\{\n\}$/, "{}");
  const initializers = statement.declarations.map((d) => d.initializer);
  const declarations = statement.declarations.map((d, i) =>
    d.initializer === undefined ? d : { ...d, initializer: `__sdkgen_initializer_${i}__` },
  );
  return trimLineEnds(print([{ ...statement, declarations }]).trimEnd()).replace(
    /__sdkgen_initializer_(\d+)__/g,
    (_, i: string) => String(initializers[Number(i)]),
  );
}

function print(statements: (StatementStructures | string)[]): string {
  const text = printStructure({ kind: StructureKind.SourceFile, statements }, { indentNumberOfSpaces: 2 });
  // A blank line before every top-level doc comment: ts-morph omits it after imports, type aliases and constants.
  return text.replace(/([^\n])\n\/\*\*/g, "$1\n\n/**");
}

const TRAILING_SPACE = /[ \t]+$/gm;
/** The text without spaces at line ends; untouched (not copied) when it has none. */
const trimLineEnds = (text: string): string => (/[ \t]$/m.test(text) ? text.replace(TRAILING_SPACE, "") : text);
