import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node } from "yaml";
import type { Diagnostic } from "../diagnostics.js";

export type Folder = "provider" | "resources" | "lookups" | "types";

/** One parsed YAML file, with what is needed to point diagnostics at a line and column. */
export interface SourceDoc {
  /** Path as shown in diagnostics, relative to the working directory. */
  readonly file: string;
  readonly provider: string;
  readonly folder: Folder;
  /** File name without `.yaml`. */
  readonly stem: string;
  readonly data: unknown;
  readonly doc: Document.Parsed;
  readonly lines: LineCounter;
}

export type Path = readonly (string | number)[];

export function parseSource(
  text: string,
  meta: Omit<SourceDoc, "data" | "doc" | "lines">,
): { source?: SourceDoc; diagnostics: Diagnostic[] } {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  const problems = [...doc.errors, ...doc.warnings];
  if (problems.length > 0) {
    return {
      diagnostics: problems.map((e) => {
        const pos = lines.linePos(e.pos[0]);
        return { file: meta.file, line: pos.line, col: pos.col, message: `YAML: ${firstLine(e.message)}` };
      }),
    };
  }
  return { source: { ...meta, data: doc.toJS(), doc, lines }, diagnostics: [] };
}

const firstLine = (s: string): string => s.split("\n")[0]!.replace(/ at line \d+, column \d+:?$/, "");

/**
 * The position of the value (or, with `at: "key"`, the key) at `path`, falling back to the deepest
 * node that exists, so even a "missing key" problem points into the right object.
 */
export function locate(src: SourceDoc, path: Path, at: "key" | "value" = "value"): Diagnostic {
  let node: Node | null | undefined = src.doc.contents as Node | null;
  let offset = node?.range?.[0] ?? 0;
  for (let i = 0; i < path.length && node; i++) {
    const seg = path[i];
    if (isMap(node)) {
      const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === String(seg));
      if (!pair) break;
      const keyNode = pair.key as Node;
      offset = keyNode.range?.[0] ?? offset;
      if (i === path.length - 1 && at === "key") break;
      node = pair.value as Node | null;
      if (node?.range) offset = node.range[0];
    } else if (isSeq(node) && typeof seg === "number") {
      node = node.items[seg] as Node | null;
      if (node?.range) offset = node.range[0];
    } else break;
  }
  const pos = src.lines.linePos(offset);
  return { file: src.file, line: pos.line, col: pos.col, message: "" };
}

/** A diagnostic at `path` in `src`. */
export function at(src: SourceDoc, path: Path, message: string, where: "key" | "value" = "value"): Diagnostic {
  return { ...locate(src, path, where), message };
}
