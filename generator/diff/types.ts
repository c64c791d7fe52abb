import type { Change } from "./classify.js";
import { SEVERITIES, type Severity } from "./severity.js";

export type { Change, ChangeCode } from "./classify.js";
export { SEVERITIES, type EntityKind, type Severity } from "./severity.js";
import type { Bump } from "./semver.js";

/** The generated-code side of a change, per package. Every list is sorted. */
export interface PackageImpact {
  readonly filesAdded: readonly string[];
  readonly filesRemoved: readonly string[];
  readonly filesChanged: readonly string[];
  readonly symbolsAdded: readonly string[];
  readonly symbolsRemoved: readonly string[];
}

/** A package's version on each side against the one its changes require (generator/diff/README.md). */
export interface PackageVersion {
  readonly base?: string | undefined;
  readonly head?: string | undefined;
  readonly bump: Bump;
  /** Why that bump: "breaking changes", "new features", …; "new package" or "removed" without a bump. */
  readonly reason: string;
  /** The least version the head side may have: the base version bumped. Absent when a side has no package. */
  readonly required?: string;
  /** Whether the head's version is at least the required one (true when there is nothing to compare). */
  readonly satisfied: boolean;
}

export interface DiffReport {
  readonly base: string;
  readonly head: string;
  readonly changes: readonly Change[];
  readonly impact: Readonly<Record<string, PackageImpact>>;
  readonly versions: Readonly<Record<string, PackageVersion>>;
  /** For each package, where each changed shared type is referenced (`Vxc.aEnd`): its changes are listed once. */
  readonly usedBy: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>>;
}

export const severityRank = (s: Severity): number => SEVERITIES.indexOf(s);

export function countBySeverity(changes: readonly Change[]): Record<Severity, number> {
  const counts = { breaking: 0, warning: 0, info: 0 };
  for (const c of changes) counts[c.severity]++;
  return counts;
}

/** "2 breaking, 1 warning, 5 info". */
export function countsText(counts: Record<Severity, number>): string {
  return `${counts.breaking} breaking, ${counts.warning} warning${counts.warning === 1 ? "" : "s"}, ${counts.info} info`;
}
