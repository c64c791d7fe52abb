import { Claims } from "../parallel/claims.js";
import type { PendingParse } from "../parallel/parseAlongside.js";
import { quickData } from "./quickParse.js";

/** Another thread reading schema texts quickly beside this one (RenderPool.parseAlongside). */
export type ParseAlongside = (texts: readonly string[], claims: SharedArrayBuffer) => PendingParse;

/** Fewer texts are read here alone: sending them and the answer would cost about what sharing saves. */
const ALONGSIDE_FROM = 200;

/**
 * Each text's data as the quick reading gives it (undefined: the file needs the full reading). Many
 * are shared with `alongside`: this thread reads from the first until it meets the other, which reads
 * from the last (a worker still starting takes none), then waits for the other's answer.
 */
export function quickAll(
  texts: readonly string[],
  alongside?: ParseAlongside,
): (Record<string, unknown> | undefined)[] {
  if (!alongside || texts.length < ALONGSIDE_FROM) return texts.map((text) => quickData(text));
  const claims = Claims.of(texts.length);
  const pending = alongside(texts, claims.shared);
  const data: (Record<string, unknown> | undefined)[] = [];
  for (let i = 0; i < texts.length; i++) {
    // The first text the other thread claimed: it took every one after too.
    if (!claims.claim(i)) {
      const theirs = pending.answer();
      for (let j = i; j < texts.length; j++) data.push(theirs ? theirs.get(j) : quickData(texts[j]!));
      return data;
    }
    data.push(quickData(texts[i]!));
  }
  pending.drop();
  return data;
}
