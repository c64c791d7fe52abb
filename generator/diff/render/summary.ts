import { countBySeverity, countsText, type DiffReport } from "../types.js";

/** One line for a terminal or a CI log: counts per severity, then the generated-code totals. */
export function renderSummary(report: DiffReport): string {
  const total = { added: 0, removed: 0, changed: 0, exportsAdded: 0, exportsRemoved: 0 };
  for (const i of Object.values(report.impact)) {
    total.added += i.filesAdded.length;
    total.removed += i.filesRemoved.length;
    total.changed += i.filesChanged.length;
    total.exportsAdded += i.symbolsAdded.length;
    total.exportsRemoved += i.symbolsRemoved.length;
  }
  return (
    `schema changes: ${countsText(countBySeverity(report.changes))}; ` +
    `generated code: ${total.changed} files changed, ${total.added} added, ${total.removed} removed, ` +
    `${total.exportsAdded} exports added, ${total.exportsRemoved} removed\n`
  );
}
