import { COMMENT_LINE, longLines, WIDTH } from "./lines.js";

/** Long code lines broken as prettier would, for generated code's shapes; other lines are left for prettier. */
export function breakLongLines(text: string): string {
  const parts: string[] = [];
  let done = 0;
  for (const [start, end] of longLines(text, WIDTH)) {
    const line = text.slice(start, end);
    const broken = COMMENT_LINE.test(line) ? undefined : breakLine(line);
    if (broken === undefined) continue;
    parts.push(text.slice(done, start), broken);
    done = end;
  }
  return parts.length === 0 ? text : parts.join("") + text.slice(done);
}

// Type arguments may hold parentheses (`typeof import("./m.js")`) and one level of angle brackets.
const CALLEE = String.raw`[\w$.]+(?:<[^<>]*(?:<[^<>]*>[^<>]*)*>)?`;
const LIST = /^((?:import|export)(?: type)? )\{ (.*) \}( from "[^"]+";)$/;
// An alias has no indent: its empty first group lines its match up with a member's.
const ALIAS = /^()(export type [\w$]+ =) (.*);$/;
const MEMBER = /^(\s+)((?:readonly )?[\w$]+\??:) (.*);$/;
const ASSIGNED_CALL = new RegExp(
  String.raw`^(\s*)((?:export )?(?:const|let) [\w$]+(?:: [^=]+)? =) (${CALLEE})\((.*)\);$`,
);
const SIGNATURE = /^(\s*)([^(]*\w(?:<[^()]*>)?)\((.*)\)(: [^{}]+)? \{$/;
const CALL = new RegExp(String.raw`^(\s*)((?:return )?${CALLEE})\((.*)\);$`);

const alias = (line: string) => typeBelow(ALIAS.exec(line), true);
const member = (line: string) => typeBelow(MEMBER.exec(line), false);

const breakLine = (line: string): string | undefined =>
  [list, alias, member, assignedCall, signature, call].reduce<string | undefined>(
    (done, shape) => done ?? shape(line),
    undefined,
  );

function list(line: string): string | undefined {
  const m = LIST.exec(line);
  return m ? broken("", m[1]! + "{", splitTopLevel(m[2]!), "}" + m[3]!) : undefined;
}

/** An alias's or member's type under its head, or its union a member a line; `anyType`: moved even if no union. */
function typeBelow(m: RegExpExecArray | null, anyType: boolean): string | undefined {
  const union = m && splitTopLevel(m[3]!, "|");
  if (!m || !union || (union.length < 2 && !anyType)) return undefined;
  const [, indent, head, type] = m;
  return (
    fits([`${indent}${head}`, `${indent}  ${type};`]) ??
    (union.length > 1 ? fits([`${indent}${head}`, ...leadingBars(`${indent}  `, union)]) : undefined)
  );
}

/** `const x = callee(args);`, which prettier moves to the next line whole when the call breaks poorly. */
function assignedCall(line: string): string | undefined {
  const m = ASSIGNED_CALL.exec(line);
  const args = m && splitTopLevel(m[4]!);
  if (!m || !args) return undefined;
  const [, indent, head, callee, text] = m;
  const nextLine = () => fits([`${indent}${head}`, `${indent}  ${callee}(${text});`]);
  const poorlyBreakable =
    args.length === 0 || (args.length === 1 && /^"[^"]*"$/.test(args[0]!) && args[0]!.length <= WIDTH / 4);
  if (poorlyBreakable) return nextLine();
  if (args.length === 1 && !/^"[^"]*"$/.test(args[0]!)) return undefined;
  return broken(indent!, `${head} ${callee}(`, args, ");") ?? nextLine();
}

function signature(line: string): string | undefined {
  const m = SIGNATURE.exec(line);
  const params = m && splitTopLevel(m[3]!);
  // A lone object-typed parameter is hugged by prettier ("({\n…"), a shape not handled here.
  if (!m || !params || (params.length === 1 && params[0]!.includes("{"))) return undefined;
  const [, indent, head, , returns = ""] = m;
  return broken(indent!, `${head}(`, params, `)${returns} {`);
}

function call(line: string): string | undefined {
  const m = CALL.exec(line);
  const args = m && splitTopLevel(m[3]!);
  // Prettier hugs a last argument that is a function or an object literal.
  if (!m || !args || /^(?:\(|\{|function\b|async\b)/.test(args[args.length - 1] ?? "")) return undefined;
  return broken(m[1]!, `${m[2]}(`, args, ");");
}

function broken(indent: string, open: string, parts: readonly string[] | undefined, close: string): string | undefined {
  if (!parts || parts.length === 0) return undefined;
  return fits([`${indent}${open}`, ...parts.map((p) => `${indent}  ${p},`), `${indent}${close}`]);
}

const leadingBars = (indent: string, members: readonly string[]): string[] =>
  members.map((m, i) => `${indent}| ${m}${i === members.length - 1 ? ";" : ""}`);

const fits = (lines: readonly string[]): string | undefined =>
  lines.every((l) => l.length <= WIDTH) ? lines.join("\n") : undefined;

/** The parts of a list split at `separator` on its top level only; undefined when the list is unbalanced. */
export function splitTopLevel(list: string, separator: "," | "|" = ","): string[] | undefined {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  let quote = "";
  for (let i = 0; i < list.length; i++) {
    const c = list[i]!;
    if (quote) {
      if (c === "\\") i++;
      else if (c === quote) quote = "";
    } else if (c === '"' || c === "'" || c === "`") quote = c;
    else if (c === "(" || c === "[" || c === "{" || c === "<") depth++;
    else if (c === ")" || c === "]" || c === "}" || (c === ">" && list[i - 1] !== "=")) {
      if (--depth < 0) return undefined;
    } else if (c === separator && depth === 0) {
      parts.push(list.slice(start, i).trim());
      start = i + 1;
    }
  }
  if (depth !== 0 || quote) return undefined;
  const last = list.slice(start).trim();
  if (last) parts.push(last);
  return parts;
}
