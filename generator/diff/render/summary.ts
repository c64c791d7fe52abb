import { countBySeverity, countsText, type DiffReport } from "../types.js";
import { versionLine } from "./versionText.js";

/** One line for a terminal or a CI log: counts per severity, the generated-code totals, then each package's version. */
export function renderSummary(report: DiffReport): string {
  const total = { added: 0, removed: 0, changed: 0, exportsAdded: 0, exportsRemoved: 0 };
  for (const i of Object.values(report.impact)) {
    total.added += i.filesAdded.length;
    total.removed += i.filesRemoved.length;
    total.changed += i.filesChanged.length;
    total.exportsAdded += i.symbolsAdded.length;
    total.exportsRemoved += i.symbolsRemoved.length;
  }
  const versions = Object.entries(report.versions).map(([pkg, v]) => versionLine(pkg, v));
  return (
    `schema changes: ${countsText(countBySeverity(report.changes))}; ` +
    `generated code: ${total.changed} files changed, ${total.added} added, ${total.removed} removed, ` +
    `${total.exportsAdded} exports added, ${total.exportsRemoved} removed` +
    `${versions.length ? `; versions: ${versions.join(", ")}` : ""}\n`
  );
}
