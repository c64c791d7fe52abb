import type { ValidationIssue } from "./validate.js";

/** " (did you mean "x"?)" for a misspelt name, when a candidate is close enough. */
export function didYouMean(input: string, candidates: Iterable<string>): string {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const c of candidates) {
    const d = editDistance(input.toLowerCase(), c.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [c, d];
  }
  if (best !== undefined && bestDistance <= Math.max(2, Math.floor(input.length / 3)))
    return ` (did you mean "${best}"?)`;
  // Another form of the same word ("retries" for "retry"): most of it is a shared beginning.
  const stem = [...candidates].find((c) => sharedStart(input.toLowerCase(), c.toLowerCase()) >= 4);
  return stem !== undefined ? ` (did you mean "${stem}"?)` : "";
}

/** How many characters two words share at their start, counted where it is most of the shorter one. */
function sharedStart(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n * 3 >= Math.min(a.length, b.length) * 2 ? n : 0;
}

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++)
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length]!;
}

/**
 * One issue per key of `given` (the options of `what`, a call or a constructor) that `known` lacks, with a suggestion when one is close and the keys
 * taken otherwise: an option is never silently ignored. `elsewhere` says where a key that belongs to
 * another argument goes (a setting given as a runtime option).
 */
export function unknownKeys(
  what: string,
  given: object,
  known: readonly string[],
  elsewhere: (key: string) => string | undefined = () => undefined,
): ValidationIssue[] {
  return Object.keys(given)
    .filter((key) => !known.includes(key))
    .map((key) => {
      const shown = JSON.stringify(key.length > 60 ? `${key.slice(0, 57)}...` : key);
      const hint = elsewhere(key) ?? (didYouMean(key, known) || `; its options are ${known.join(", ")}`);
      return { path: `${what}.${key}`, message: `${what} takes no option ${shown}${hint}` };
    });
}
