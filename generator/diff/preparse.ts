import { Worker } from "node:worker_threads";
import { GenCache, hashText } from "../cache/genCache.js";
import { parseSource } from "../load/sourceDoc.js";

const WORKER_FROM = 500;

/**
 * Parses every distinct schema file of both sides once, half on a worker thread and half here, into
 * the generator cache at `cacheDir` (by content hash, the cache's own key), so that loading either
 * side parses nothing. YAML parsing is most of the cost of loading, and the two sides mostly share
 * files. Files the cache already holds (a copy of the project's, after `make`) are not parsed again.
 */
export async function preparse(trees: readonly ReadonlyMap<string, Buffer>[], cacheDir: string): Promise<void> {
  const cache = GenCache.open(cacheDir);
  const texts = new Map<string, string>();
  const known: [string, unknown, boolean][] = [];
  for (const tree of trees)
    for (const [path, bytes] of tree) {
      if (!path.endsWith(".yaml")) continue;
      const text = bytes.toString("utf8");
      const hash = hashText(text);
      const cached = cache.source(hash);
      if (cached) known.push([hash, cached.data, cached.valid]);
      else texts.set(hash, text);
    }
  const misses = [...texts];
  // A worker costs about as much to start as parsing a few hundred files here.
  const split = misses.length > WORKER_FROM ? Math.ceil(misses.length / 2) : misses.length;
  const there = split < misses.length ? onWorker(misses.slice(split)) : Promise.resolve([]);
  const here = misses.slice(0, split).flatMap(([hash, text]): [string, unknown][] => {
    const r = parseSource(text, { file: hash, provider: "", folder: "types", stem: "", hash });
    return r.source ? [[hash, r.source.data]] : [];
  });
  for (const [hash, data, valid] of known) cache.keepSource(hash, data, valid);
  // Validity is not known yet: each load checks these files against the meta-schema as usual.
  for (const [hash, data] of [...here, ...(await there)]) cache.keepSource(hash, data, false);
  cache.save();
}

function onWorker(texts: [string, string][]): Promise<[string, unknown][]> {
  const worker = new Worker(new URL("./parseWorker.js", import.meta.url));
  return new Promise<[string, unknown][]>((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
    worker.postMessage(texts);
  }).finally(() => worker.terminate());
}
