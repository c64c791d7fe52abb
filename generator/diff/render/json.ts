import { countBySeverity, type Change, type DiffReport } from "../types.js";

/** Bumped on any incompatible change to the shape below (documented in generator/diff/README.md). */
export const JSON_VERSION = 1;

/** The whole report, every change included, keys in a fixed order so the text is stable. */
export function renderJson(report: DiffReport): string {
  const change = (c: Change) => ({
    package: c.package,
    entity: c.entity,
    kind: c.kind,
    path: c.path,
    change: c.change,
    severity: c.severity,
    message: c.message,
    ...(c.before !== undefined && { before: c.before }),
    ...(c.after !== undefined && { after: c.after }),
  });
  const doc = {
    version: JSON_VERSION,
    base: report.base,
    head: report.head,
    summary: countBySeverity(report.changes),
    changes: report.changes.map(change),
    impact: report.impact,
    usedBy: report.usedBy,
  };
  return `${JSON.stringify(doc, null, 2)}\n`;
}
