import { isUtf8 } from "node:buffer";
import { Worker } from "node:worker_threads";
import { GenCache, hashText } from "../cache/genCache.js";
import { GENERATOR_URL } from "../location.js";
import { Claims } from "../parallel/claims.js";
import { withoutMark } from "../load/readText.js";
import { outlineOf } from "../load/sourceDoc.js";
import { parsed } from "./parseText.js";

const WORKER_FROM = 500;

/**
 * Parses every distinct schema file of both sides once, on a worker thread and here, into the
 * generator cache at `cacheDir` (by content hash, the cache's own key): the cache both sides then
 * read, in memory, so that loading either side parses nothing. YAML parsing is most of the cost of
 * loading, and the two sides mostly share files. Files the cache already holds (a copy of the
 * project's, after `make`) are not parsed again.
 */
export async function preparse(trees: readonly ReadonlyMap<string, Buffer>[], cacheDir: string): Promise<GenCache> {
  const cache = GenCache.open(cacheDir);
  const texts = new Map<string, string>();
  const known: [string, NonNullable<ReturnType<GenCache["source"]>>][] = [];
  for (const tree of trees)
    for (const [path, bytes] of tree) {
      // A file that is not UTF-8 is left to the load, which reports where.
      if (!path.endsWith(".yaml") || !isUtf8(bytes)) continue;
      const text = withoutMark(bytes.toString("utf8")); // as the load reads it, so its hash is the load's
      const hash = hashText(text);
      const cached = cache.source(hash);
      if (cached) known.push([hash, cached]);
      else texts.set(hash, text);
    }
  const misses = [...texts];
  // A worker costs about as much to start as parsing a few hundred files here. While it starts, this
  // thread parses from the front; then the worker parses from the back until they meet (Claims).
  const claims = misses.length > WORKER_FROM ? Claims.of(misses.length) : undefined;
  const there = claims ? onWorker(misses, claims) : Promise.resolve([]);
  const here = misses.flatMap(([hash, text], i): [string, unknown][] =>
    (claims?.claim(i) ?? true) ? parsed(hash, text) : [],
  );
  for (const [hash, { valid, outline, data }] of known) cache.keepSource(hash, valid, outline, data);
  // Validity is not known yet: each load checks these files against the meta-schema as usual.
  for (const [hash, data] of [...here, ...(await there)]) cache.keepSource(hash, false, outlineOf(data), () => data);
  return cache.nextRun(true);
}

function onWorker(texts: [string, string][], claims: Claims): Promise<[string, unknown][]> {
  const worker = new Worker(new URL("parseWorker.js", GENERATOR_URL));
  return new Promise<[string, unknown][]>((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
    worker.postMessage({ texts, claims: claims.shared });
  }).finally(() => worker.terminate());
}
