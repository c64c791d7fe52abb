import { countBySeverity, type Change, type DiffReport, type PackageVersion } from "../types.js";

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
  const version = (v: PackageVersion) => ({
    ...(v.base !== undefined && { base: v.base }),
    ...(v.head !== undefined && { head: v.head }),
    bump: v.bump,
    reason: v.reason,
    ...(v.required !== undefined && { required: v.required }),
    satisfied: v.satisfied,
  });
  const doc = {
    version: JSON_VERSION,
    base: report.base,
    head: report.head,
    summary: countBySeverity(report.changes),
    versions: Object.fromEntries(Object.entries(report.versions).map(([pkg, v]) => [pkg, version(v)])),
    changes: report.changes.map(change),
    impact: report.impact,
    usedBy: report.usedBy,
  };
  return `${JSON.stringify(doc, null, 2)}\n`;
}
