/** Prints figure rows ([figure, median, runs, bound, ok-or-OVER]) under their header, in aligned columns. */
export function printTable(rows) {
  const all = [["figure", "median", "runs", "bound", ""], ...rows];
  const widths = [0, 1, 2, 3, 4].map((c) => Math.max(...all.map((r) => r[c].length)));
  for (const r of all)
    console.log(
      r
        .map((cell, c) => cell.padEnd(widths[c]))
        .join("  ")
        .trimEnd(),
    );
}
