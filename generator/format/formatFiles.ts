import * as prettier from "prettier";

/** Fixed options, so output never depends on a user's prettier configuration. */
const OPTIONS: prettier.Options = { printWidth: 120, trailingComma: "all", endOfLine: "lf" };

const parserFor = (path: string): string | undefined =>
  path.endsWith(".ts") ? "typescript" : path.endsWith(".json") ? "json" : path.endsWith(".md") ? "markdown" : undefined;

/** Prettier on every file it has a parser for. */
export async function formatFiles(files: ReadonlyMap<string, string>): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const [path, text] of files) {
    const parser = parserFor(path);
    out.set(path, parser ? await prettier.format(text, { ...OPTIONS, parser }) : text);
  }
  return out;
}
