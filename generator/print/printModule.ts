import type { StatementStructures } from "ts-morph";
import { Kind } from "../structures.js";
import { breakLongLines } from "./breakLines.js";
import { FORMATTED_BEGIN, FORMATTED_END, inStyle } from "./formatted.js";
import { printStatement } from "./printStatement.js";

/**
 * Prints a module: `head` (the generated-file header) as it is, then its statements (imports first),
 * laid out as ts-morph's printStructure lays out a source file; a string is a statement's text.
 *
 * Most of it is printed in prettier's style already: descriptors are laid out by `literal`, and what
 * printStatement prints of the other declarations is what prettier would make of it as long as every
 * code line fits in 120 columns of ASCII, once the long signatures, calls and import lists are broken
 * as prettier breaks them (breakLongLines). Such a (documented) declaration is marked for the
 * formatter to pass through, which spares it most of its work; the rest (imports, wider lines) is
 * formatted. test/generator/preformatted.test.ts holds every module of a synthetic provider to
 * prettier's output, and `generate --check` the real ones.
 */
export function printModule(head: string, statements: readonly (StatementStructures | string)[]): string {
  const blocks: string[] = [];
  const printed = statements.map((statement): Printed => {
    const text = printStatement(statement);
    if (typeof statement === "string") return { text };
    if (!documented(statement)) return { kind: statement.kind, text };
    // Prettier trims the ends of doc comment lines (ts-morph keeps a space after "Allowed values:"),
    // and writes an empty body as "{}".
    const alone = breakLongLines(trimLineEnds(text).replace(/\{\n\}$/, "{}"));
    if (!inStyle(alone)) return { kind: statement.kind, text };
    // Put in after the module's lines are broken, between blank lines as ts-morph sets declarations apart.
    return { text: `${PLACEHOLDER}${blocks.push(`\n${FORMATTED_BEGIN}\n${alone}\n${FORMATTED_END}\n`) - 1}` };
  });
  const text = breakLongLines(sourceFile(printed));
  return head + (blocks.length ? text.replace(PLACEHOLDERS, (_, i: string) => blocks[Number(i)]!) : text);
}

/** A statement's text; `kind` is unset for text put in as it is. */
type Printed = { kind?: StatementStructures["kind"]; text: string };

/**
 * The statements as ts-morph joins them in a source file: each on a new line; a blank line after a
 * closing brace and before a function, class or interface; and, unlike ts-morph, before every
 * top-level doc comment (it omits one after imports, type aliases and constants).
 */
function sourceFile(statements: readonly Printed[]): string {
  const parts: string[] = [];
  let previous: string | undefined;
  for (const { kind, text } of statements) {
    if (previous !== undefined) {
      const blank =
        lastNonSpace(previous) === "}" || kind === Kind.Function || kind === Kind.Class || kind === Kind.Interface;
      parts.push("\n".repeat(Math.max(0, (blank ? 2 : 1) - trailingLineBreaks(previous))));
    }
    parts.push(text);
    previous = text;
  }
  const out = parts.join("");
  return (out === "" || out.endsWith("\n") ? out : `${out}\n`).replace(/([^\n])\n\/\*\*/g, "$1\n\n/**");
}

function trailingLineBreaks(text: string): number {
  let n = 0;
  while (text[text.length - 1 - n] === "\n") n++;
  return n;
}

/** The last character of a statement's text that is not white space (one statement: texts are never blank). */
function lastNonSpace(text: string): string {
  let i = text.length - 1;
  while (i >= 0 && /\s/.test(text[i]!)) i--;
  return text[i] ?? "";
}

/** A declaration with a doc comment: the module has a blank line before it, wherever it is. */
const documented = (statement: StatementStructures): boolean =>
  "docs" in statement && Array.isArray(statement.docs) && statement.docs.length > 0;

const PLACEHOLDER = "//@sdkgen:statement ";
const PLACEHOLDERS = /^\/\/@sdkgen:statement (\d+)$/gm;

const TRAILING_SPACE = /[ \t]+$/gm;
/** The text without spaces at line ends; untouched (not copied) when it has none. */
const trimLineEnds = (text: string): string => (/[ \t]$/m.test(text) ? text.replace(TRAILING_SPACE, "") : text);
