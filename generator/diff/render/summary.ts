import { countBySeverity, countsText, type DiffReport, type PackageImpact } from "../types.js";
import { versionLine } from "./versionText.js";

/** One line for a terminal or a CI log: counts per severity, the generated-code totals, then each package's version. */
export function renderSummary(report: DiffReport): string {
  const total = (list: keyof PackageImpact) => Object.values(report.impact).reduce((sum, i) => sum + i[list].length, 0);
  const versions = Object.entries(report.versions).map(([pkg, v]) => versionLine(pkg, v));
  return (
    `schema changes: ${countsText(countBySeverity(report.changes))}; ` +
    `generated code: ${total("filesChanged")} files changed, ` +
    `${total("filesAdded")} added, ${total("filesRemoved")} removed, ` +
    `${total("symbolsAdded")} exports added, ${total("symbolsRemoved")} removed` +
    `${versions.length ? `; versions: ${versions.join(", ")}` : ""}\n`
  );
}
