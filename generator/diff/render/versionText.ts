import type { PackageVersion } from "../types.js";

/** The required version and why: `2.0.0 (major: breaking changes)`, `1.0.0 (no change)`, `(new package)`. */
export function requiredText(v: PackageVersion): string {
  const why = v.bump === "none" ? v.reason : `${v.bump}: ${v.reason}`;
  return v.required === undefined ? `(${why})` : `${v.required} (${why})`;
}

/** One package's verdict, without commas (lists are comma-joined): `shop 1.0.0 needs 2.0.0 (major: …): too low`. */
export function versionLine(pkg: string, v: PackageVersion): string {
  const version = v.head ?? v.base;
  if (v.required === undefined || (v.bump === "none" && v.satisfied)) return `${pkg} ${version} (${v.reason})`;
  return `${pkg} ${version} needs ${requiredText(v)}: ${v.satisfied ? "ok" : "too low"}`;
}
