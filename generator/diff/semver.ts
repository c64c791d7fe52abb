/**
 * The three numbers of a version (the meta-schema allows `MAJOR.MINOR.PATCH` only, so there is no
 * pre-release or build part to order: a few lines here rather than a dependency).
 */
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

/**
 * The lowest version after `v` that the bump allows. Below 1.0.0 everything moves one place right,
 * as npm's caret ranges read it (`^0.2.3` is `>=0.2.3 <0.3.0`): a breaking change bumps the minor
 * number, anything else the patch number. Leaving 0.x is a person's decision, never the diff's.
 */
export function nextVersion(v: Version, bump: Bump): Version {
  const [major, minor, patch] = v;
  if (bump === "none") return v;
  if (major === 0) return bump === "major" ? [0, minor + 1, 0] : [0, minor, patch + 1];
  if (bump === "major") return [major + 1, 0, 0];
  return bump === "minor" ? [major, minor + 1, 0] : [major, minor, patch + 1];
}
