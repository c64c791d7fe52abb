import { existsSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { hashText } from "../cache/genCache.js";
import { GENERATOR_DIR } from "../location.js";

const require = createRequire(import.meta.url);
type Handlebars = typeof import("handlebars");
type Spec = TemplateSpecification;

/** A Handlebars environment of the runtime alone: templates come compiled (compileTemplate). */
export const createHandlebars = (): Handlebars => (require("handlebars/runtime") as Handlebars).create();

export const PRECOMPILED = join(GENERATOR_DIR, "emit", "templates-precompiled.cjs");

let precompiled: Record<string, Spec> | undefined;
/** Compiled in this process, by key: what precompileTemplates writes. */
const compiledHere = new Map<string, string>();

/**
 * A template of `hb`. Compiling the templates is most of Handlebars' cost in a run (about 150 ms,
 * and its compiler's load), so `make` compiles the repository's templates beside this module
 * (precompileTemplates), keyed by text, options and Handlebars version; a template edited since is
 * compiled here, with the compiler loaded then.
 */
export function compileTemplate(hb: Handlebars, text: string, options: CompileOptions): HandlebarsTemplateDelegate {
  const key = templateKey(text, options);
  precompiled ??= existsSync(PRECOMPILED) ? (require(PRECOMPILED) as Record<string, Spec>) : {};
  let spec = precompiled[key];
  if (!spec) {
    const source = (require("handlebars") as Handlebars).precompile(text, options) as string;
    compiledHere.set(key, source);
    // Handlebars' own compile turns its source into functions the same way.
    spec = new Function(`return ${source};`)() as Spec;
  }
  return hb.template(spec);
}

const VERSION = (require("handlebars/package.json") as { version: string }).version;
const templateKey = (text: string, options: CompileOptions): string =>
  hashText(`${VERSION}\n${JSON.stringify(options)}\n${text}`);

/**
 * Writes the templates compiled so far beside this module (run by `make` after loading every
 * template), so that no run has to compile them.
 */
export function writePrecompiledTemplates(): void {
  const entries = [...compiledHere].sort(([a], [b]) => (a < b ? -1 : 1));
  writeFileSync(
    PRECOMPILED,
    `// Written by make: the repository's Handlebars templates, compiled (generator/emit/handlebars.ts).\nmodule.exports = {\n${entries.map(([key, source]) => `${JSON.stringify(key)}: ${source},\n`).join("")}};\n`,
  );
}
