import type { Options } from "prettier";
import { inStyle, putFormatted, settleBlankLines, takeFormatted } from "./formatted.js";
import { formatJson } from "./json.js";
import { WIDTH } from "./lines.js";

/** Loaded on first use: a run whose modules are all in style never needs it. */
let prettier: Promise<typeof import("prettier")> | undefined;
const loadPrettier = () => (prettier ??= import("prettier"));

/** Fixed options, so output never depends on a user's prettier configuration. */
const OPTIONS: Options = { printWidth: WIDTH, trailingComma: "all", endOfLine: "lf" };

// babel-ts: as the typescript parser, faster. Markdown is left as rendered: prettier is slow on a large README.
const parserFor = (path: string): string | undefined =>
  path.endsWith(".ts") ? "babel-ts" : path.endsWith(".json") ? "json" : undefined;

/** Prettier's output; not called when the text is in style already, as each call has a fixed cost. */
export async function formatFile(path: string, text: string): Promise<string> {
  const parser = parserFor(path);
  if (!parser) return text;
  const json = parser === "json" ? formatJson(text) : undefined;
  if (json !== undefined) return json;
  const { rest, pieces } = takeFormatted(text);
  const formatted =
    parser === "babel-ts" && inStyle(rest)
      ? settleBlankLines(rest)
      : await (await loadPrettier()).format(rest, { ...OPTIONS, parser });
  return putFormatted(formatted, pieces);
}

export async function formatFiles(files: ReadonlyMap<string, string>): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const [path, text] of files) out.set(path, await formatFile(path, text));
  return out;
}
