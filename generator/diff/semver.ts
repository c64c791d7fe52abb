/** A version's three numbers (the meta-schema allows no pre-release or build part, so no dependency is needed). */
export type Version = readonly [major: number, minor: number, patch: number];

/** What semantic versioning requires of the next release, from least to most. */
export type Bump = "none" | "patch" | "minor" | "major";

export function parseVersion(text: string): Version {
  const m = /^(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (!m) throw new Error(`"${text}" is not a MAJOR.MINOR.PATCH version`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

export const versionText = (v: Version): string => v.join(".");

/** Negative, zero or positive as `a` is lower than, equal to or higher than `b`. */
export const compareVersions = (a: Version, b: Version): number => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/** The lowest version after `v` the bump allows; below 1.0.0 everything moves one place right, as npm's caret does. */
export function nextVersion(v: Version, bump: Bump): Version {
  const [major, minor, patch] = v;
  if (bump === "none") return v;
  if (major === 0) return bump === "major" ? [0, minor + 1, 0] : [0, minor, patch + 1];
  if (bump === "major") return [major + 1, 0, 0];
  return bump === "minor" ? [major, minor + 1, 0] : [major, minor, patch + 1];
}
