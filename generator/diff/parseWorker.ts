import { parentPort } from "node:worker_threads";
import { parseSource } from "../load/sourceDoc.js";

/**
 * Parses schema texts with the loader's own parser and answers `[hash, data]` for each that parses
 * cleanly (a file with YAML errors is left to the loader, which reports them with positions). The
 * metadata only names diagnostics, which are not kept here.
 */
parentPort!.on("message", (texts: [hash: string, text: string][]) => {
  const parsed: [string, unknown][] = [];
  for (const [hash, text] of texts) {
    const r = parseSource(text, { file: hash, provider: "", folder: "types", stem: "", hash });
    if (r.source) parsed.push([hash, r.source.data]);
  }
  parentPort!.postMessage(parsed);
});
