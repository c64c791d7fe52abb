import type { PackageModel } from "../model/types.js";
import { RULES, type Rule } from "./classify.js";
import { compareVersions, nextVersion, parseVersion, versionText, type Bump } from "./semver.js";
import type { Change, PackageImpact, PackageVersion } from "./types.js";

/** The least release semver allows for a package's changes; warnings and additions need a minor, removals a major. */
export function requiredBump(changes: readonly Change[], impact: PackageImpact | undefined): [Bump, string] {
  if (changes.some((c) => c.severity === "breaking")) return ["major", "breaking changes"];
  if (impact?.symbolsRemoved.length || impact?.filesRemoved.length) return ["major", "exports or files removed"];
  if (changes.some((c) => c.severity === "warning")) return ["minor", "changes in behaviour"];
  if (changes.some((c) => !(RULES[c.change] as Rule).docsOnly)) return ["minor", "new features"];
  if (impact?.symbolsAdded.length || impact?.filesAdded.length) return ["minor", "exports or files added"];
  if (changes.length || impact?.filesChanged.length) return ["patch", "documentation only"];
  return ["none", "no change"];
}

/** Each package's version on both sides against the one its changes require; new or removed packages need none. */
export function packageVersions(
  base: readonly PackageModel[],
  head: readonly PackageModel[],
  changes: readonly Change[],
  impact: Readonly<Record<string, PackageImpact>>,
): Record<string, PackageVersion> {
  const versionIn = (models: readonly PackageModel[], name: string) =>
    models.find((m) => m.provider.name === name)?.provider.package.version;
  const names = [...new Set([...base, ...head].map((m) => m.provider.name))].sort();
  return Object.fromEntries(
    names.map((name): [string, PackageVersion] => {
      const [oldVersion, newVersion] = [versionIn(base, name), versionIn(head, name)];
      if (oldVersion === undefined || newVersion === undefined) {
        const reason = oldVersion ? "removed" : "new package";
        return [name, { base: oldVersion, head: newVersion, bump: "none", reason, satisfied: true }];
      }
      const own = changes.filter((c) => c.package === name);
      const [bump, reason] = requiredBump(own, impact[name]);
      const required = nextVersion(parseVersion(oldVersion), bump);
      const satisfied = compareVersions(parseVersion(newVersion), required) >= 0;
      return [name, { base: oldVersion, head: newVersion, bump, reason, required: versionText(required), satisfied }];
    }),
  );
}
