import { groupBy } from "../groupBy.js";

/** Items of two sides matched up: pairs, and those found on one side only. */
export interface Matched<T> {
  readonly pairs: [T, T][];
  readonly removed: T[];
  readonly added: T[];
}

/** Items paired by name; the others are removed (old side only) or added (new side only). */
export function matchByName<T>(olds: readonly T[], news: readonly T[], name: (t: T) => string): Matched<T> {
  const newByName = new Map(news.map((t) => [name(t), t]));
  const oldNames = new Set(olds.map(name));
  return {
    pairs: olds.flatMap((a): [T, T][] => (newByName.has(name(a)) ? [[a, newByName.get(name(a))!]] : [])),
    removed: olds.filter((t) => !newByName.has(name(t))),
    added: news.filter((t) => !oldNames.has(name(t))),
  };
}

/** Pairs removed with added items alike but for their name, only where a signature is unique on both sides. */
export function pairRenames<T>(
  removed: readonly T[],
  added: readonly T[],
  signature: (t: T, side: "old" | "new") => string | undefined,
): Matched<T> {
  const olds = groupBy(removed, (t) => signature(t, "old"));
  const news = groupBy(added, (t) => signature(t, "new"));
  const pairs: [T, T][] = [];
  for (const [sig, [a, ...moreA]] of olds) {
    const candidates = news.get(sig);
    if (a !== undefined && moreA.length === 0 && candidates?.length === 1) pairs.push([a, candidates[0]!]);
  }
  const paired = new Set(pairs.flat());
  return { pairs, removed: removed.filter((t) => !paired.has(t)), added: added.filter((t) => !paired.has(t)) };
}
