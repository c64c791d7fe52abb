/** The items of `list` by key, in the order met; an item whose key is undefined is left out. */
export function groupBy<T>(list: readonly T[], key: (t: T) => string | undefined): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const t of list) {
    const k = key(t);
    if (k === undefined) continue;
    const group = groups.get(k);
    if (group) group.push(t);
    else groups.set(k, [t]);
  }
  return groups;
}
