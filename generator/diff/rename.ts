/** Pairs removed with added items alike but for their name, only where a signature is unique on both sides. */
export function pairRenames<T>(
  removed: readonly T[],
  added: readonly T[],
  signatureOfRemoved: (t: T) => string | undefined,
  signatureOfAdded: (t: T) => string | undefined,
): { pairs: [T, T][]; removed: T[]; added: T[] } {
  const bySignature = <U>(list: readonly U[], sig: (u: U) => string | undefined) => {
    const m = new Map<string, U[]>();
    for (const item of list) {
      const s = sig(item);
      if (s !== undefined) m.set(s, [...(m.get(s) ?? []), item]);
    }
    return m;
  };
  const olds = bySignature(removed, signatureOfRemoved);
  const news = bySignature(added, signatureOfAdded);
  const pairs: [T, T][] = [];
  for (const [sig, [a, ...moreA]] of olds) {
    const candidates = news.get(sig);
    if (a !== undefined && moreA.length === 0 && candidates?.length === 1) pairs.push([a, candidates[0]!]);
  }
  const paired = new Set(pairs.flat());
  return { pairs, removed: removed.filter((t) => !paired.has(t)), added: added.filter((t) => !paired.has(t)) };
}
