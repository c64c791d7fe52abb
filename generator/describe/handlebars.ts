import { existsSync, readFileSync, writeFileSync } from "node:fs";
import HandlebarsRuntime from "handlebars/runtime.js";
import { createRequire } from "node:module";
import { join, relative } from "node:path";
import { UserError } from "../args.js";
import { hashText } from "../hash.js";
import { requireCompiled } from "../codeCache.js";
import { GENERATOR_DIR } from "../location.js";

const require = createRequire(import.meta.url);
type Handlebars = typeof import("handlebars");
type Spec = TemplateSpecification;

/** The Handlebars runtime alone (its CommonJS export, untyped): templates come compiled (compileTemplate). */
export const createHandlebars = (): Handlebars => (HandlebarsRuntime as unknown as Handlebars).create();

export const PRECOMPILED = join(GENERATOR_DIR, "emit", "templates-precompiled.cjs");

const VERSION = (require("handlebars/package.json") as { version: string }).version;
let precompiled: Record<string, Spec> | undefined;
/** Compiled in this process, by key: what precompileTemplates writes. */
const compiledHere = new Map<string, string>();

/** `file` compiled for `hb` (precompiled by `make` unless edited since); only `hb`'s helpers may be called. */
export function compileTemplate(hb: Handlebars, file: string, given: CompileOptions): HandlebarsTemplateDelegate {
  const text = readFileSync(file, "utf8");
  const knownHelpers = Object.fromEntries(Object.keys(hb.helpers).map((name) => [name, true]));
  const options = { ...given, knownHelpers, knownHelpersOnly: true };
  const key = hashText(`${VERSION}\n${JSON.stringify(options)}\n${text}`);
  precompiled ??= existsSync(PRECOMPILED) ? (requireCompiled(PRECOMPILED) as Record<string, Spec>) : {};
  let spec = precompiled[key];
  if (!spec) {
    const source = inTemplate(file, () => (require("handlebars") as Handlebars).precompile(text, options) as string);
    compiledHere.set(key, source);
    // Handlebars' own compile turns its source into functions the same way.
    spec = new Function(`return ${source};`)() as Spec;
  }
  const template = hb.template(spec);
  return (view, runtimeOptions) => inTemplate(file, () => template(view, runtimeOptions));
}

/** `f`'s result; a Handlebars error it throws becomes a UserError naming the template's file and position. */
function inTemplate<T>(file: string, f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof UserError) throw e; // from a partial, which names its own file
    // Handlebars ends its messages with " - LINE:COLUMN", except parse errors, which start with the line.
    const message = (e as Error).message;
    const at = / - (\d+):(\d+)$/.exec(message) ?? /^Parse error on line (\d+):/.exec(message);
    const where = at ? `${file}:${at[1]}${at[2] === undefined ? "" : `:${Number(at[2]) + 1}`}` : file;
    const what = message
      .replace(/ - \d+:\d+$/, "")
      .replace(/^Parse error on line \d+:[^]*\n(?=Expecting)/, "parse error: ");
    throw new UserError(`${relative(process.cwd(), where) || where}: ${what}`);
  }
}

/** Writes the templates compiled so far beside this module (`make` runs it after loading every template). */
export function writePrecompiledTemplates(): void {
  const entries = [...compiledHere].sort(([a], [b]) => (a < b ? -1 : 1));
  writeFileSync(
    PRECOMPILED,
    `// Written by make: the repository's Handlebars templates, compiled (generator/describe/handlebars.ts).\nmodule.exports = {\n${entries.map(([key, source]) => `${JSON.stringify(key)}: ${source},\n`).join("")}};\n`,
  );
}
