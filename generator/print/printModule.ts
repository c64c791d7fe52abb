import type { StatementStructures } from "ts-morph";
import { Kind } from "../structures.js";
import { breakLongLines } from "./breakLines.js";
import { FORMATTED_BEGIN, FORMATTED_END, inStyle } from "./formatted.js";
import { printStatement } from "./printStatement.js";

/** A module as ts-morph lays it out; declarations already in prettier's style are marked to pass through. */
export function printModule(head: string, statements: readonly (StatementStructures | string)[]): string {
  const blocks: string[] = [];
  const printed = statements.map((statement): Printed => {
    const text = printStatement(statement);
    if (typeof statement === "string") return { text };
    if (!documented(statement)) return { kind: statement.kind, text };
    // Prettier trims doc comment line ends (ts-morph keeps a space after "Allowed values:") and writes "{}" bodies.
    const alone = breakLongLines(trimLineEnds(text).replace(/\{\n\}$/, "{}"));
    if (!inStyle(alone)) return { kind: statement.kind, text };
    // Put in after the module's lines are broken, between blank lines as ts-morph sets declarations apart.
    return { text: `${PLACEHOLDER}${blocks.push(`\n${FORMATTED_BEGIN}\n${alone}\n${FORMATTED_END}\n`) - 1}` };
  });
  const text = breakLongLines(sourceFile(printed));
  return head + (blocks.length ? text.replace(PLACEHOLDERS, (_, i: string) => blocks[Number(i)]!) : text);
}

type Printed = { kind?: StatementStructures["kind"]; text: string };

/** The statements joined as ts-morph joins them, but with a blank line before every top-level doc comment. */
function sourceFile(statements: readonly Printed[]): string {
  const parts: string[] = [];
  let previous: string | undefined;
  for (const { kind, text } of statements) {
    if (previous !== undefined) {
      const blank =
        previous.trimEnd().endsWith("}") || kind === Kind.Function || kind === Kind.Class || kind === Kind.Interface;
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

/** A declaration with a doc comment: the module has a blank line before it, wherever it is. */
const documented = (statement: StatementStructures): boolean =>
  "docs" in statement && Array.isArray(statement.docs) && statement.docs.length > 0;

const PLACEHOLDER = "//@sdkgen:statement ";
const PLACEHOLDERS = /^\/\/@sdkgen:statement (\d+)$/gm;

const TRAILING_SPACE = /[ \t]+$/gm;
/** The text without spaces at line ends; untouched (not copied) when it has none. */
const trimLineEnds = (text: string): string => (/[ \t]$/m.test(text) ? text.replace(TRAILING_SPACE, "") : text);
