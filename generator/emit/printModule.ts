import { printStructure, StructureKind, type StatementStructures } from "ts-morph";
import { FORMATTED_BEGIN, FORMATTED_END } from "../format/formatted.js";
import type { ModuleContext } from "./context.js";
import { header } from "./header.js";
import { printInterface } from "./printInterface.js";

/** Statements built in prettier's style already (see `preformatted`). */
const PREFORMATTED = new WeakSet<StatementStructures>();

/**
 * Marks a statement whose printed text is in prettier's style (a field interface, a descriptor laid
 * out by `literal`): the formatter passes it through, which saves most of its work on large modules.
 * The text is still checked as printed: a line over the width, or any non-ASCII code, sends it to
 * prettier after all.
 */
export function preformatted<S extends StatementStructures>(statement: S): S {
  PREFORMATTED.add(statement);
  return statement;
}

/** Prints a module: the generated-file header, its sorted imports, then its declarations. */
export function printModule(ctx: ModuleContext, sources: readonly string[], statements: StatementStructures[]): string {
  const blocks: string[] = [];
  const shown = statements.map((statement) => {
    if (!PREFORMATTED.has(statement)) return statement;
    const text = printAlone(statement);
    if (!inStyle(text)) return statement;
    // Put in after printing (ts-morph would read the whole text again); a blank line before it, as before every documented statement.
    return `${PLACEHOLDER}${blocks.push(`\n${FORMATTED_BEGIN}\n${text}\n${FORMATTED_END}`) - 1}`;
  });
  const text = print([...ctx.imports.structures(), ...shown]);
  return header(sources) + (blocks.length ? text.replace(PLACEHOLDERS, (_, i: string) => blocks[Number(i)]!) : text);
}

const PLACEHOLDER = "//@sdkgen:statement ";
const PLACEHOLDERS = /^\/\/@sdkgen:statement (\d+)$/gm;

/**
 * One statement's text. An initializer is put in after printing: ts-morph would indent the lines of a
 * multi-line one by another level.
 */
function printAlone(statement: StatementStructures): string {
  // Prettier trims the ends of doc comment lines (ts-morph keeps a space after "Allowed values:"),
  // and writes an interface with no members as "{}".
  const direct = statement.kind === StructureKind.Interface ? printInterface(statement) : undefined;
  if (direct !== undefined) return trimLineEnds(direct).replace(/\{\n\}$/, "{}");
  if (statement.kind !== StructureKind.VariableStatement)
    return trimLineEnds(print([statement]).trimEnd()).replace(/\{\n\}$/, "{}");
  const initializers = statement.declarations.map((d) => d.initializer);
  const declarations = statement.declarations.map((d, i) => ({ ...d, initializer: `__sdkgen_initializer_${i}__` }));
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

/** Code lines (not comments) in ASCII and within prettier's width: prettier measures display width. */
const inStyle = (text: string): boolean => !OUT_OF_STYLE.test(text);
// A code line (not in a doc comment) over 120 columns or with a character outside printable ASCII;
// one test over the text, where splitting a 46,000-member interface into lines cost 100s of MiB.
const OUT_OF_STYLE = /^(?![ \t]*(?:\/\*\*|\*))(?:[^\n]{121,}|[^\n]*[^\x20-\x7e\n])/m;

const TRAILING_SPACE = /[ \t]+$/gm;
/** The text without spaces at line ends; untouched (not copied) when it has none. */
const trimLineEnds = (text: string): string => (/[ \t]$/m.test(text) ? text.replace(TRAILING_SPACE, "") : text);
