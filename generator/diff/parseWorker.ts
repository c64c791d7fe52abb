import { parentPort } from "node:worker_threads";
import { Claims } from "../parallel/claims.js";
import { parsed } from "./parseText.js";

/**
 * Parses the schema texts it claims, from the back (the main thread takes them from the front), and
 * answers `[hash, data]` for each that parses cleanly.
 */
parentPort!.on("message", ({ texts, claims }: { texts: [hash: string, text: string][]; claims: SharedArrayBuffer }) => {
  const mine = new Claims(claims);
  const out: [string, unknown][] = [];
  for (let i = texts.length - 1; i >= 0; i--) if (mine.claim(i)) out.push(...parsed(...texts[i]!));
  parentPort!.postMessage(out);
});
