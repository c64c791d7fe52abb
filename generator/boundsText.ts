/** Bounds in words ("between 2 and 5 items", "at least 1 character"); undefined when there are none. */
export function boundsText(lo: number | undefined, hi: number | undefined, unit = ""): string | undefined {
  const of = (n: number) => (unit ? `${n} ${unit}${n === 1 ? "" : "s"}` : String(n));
  if (lo !== undefined && hi !== undefined) return `between ${lo} and ${of(hi)}`;
  if (lo !== undefined) return `at least ${of(lo)}`;
  return hi === undefined ? undefined : `at most ${of(hi)}`;
}
