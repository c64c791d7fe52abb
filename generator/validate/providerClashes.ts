import type { Diagnostic } from "../diagnostics.js";
import { entity } from "../load/providerIndex.js";
import { at, type SourceDoc } from "../load/sourceDoc.js";

/**
 * What two providers may not share: the npm package they publish, and the environment variables
 * their configuration reads, which begin with their prefixes (a program using both packages would
 * give one's credentials to the other). Prefixes overlap where one's `PREFIX_` begins the other's.
 * Each clash is reported on the provider file that comes later by name. `providers`: provider.yaml
 * documents that satisfy the meta-schema.
 */
export function providerClashes(providers: readonly SourceDoc[]): Diagnostic[] {
  const sorted = [...providers].sort((a, b) => (a.provider < b.provider ? -1 : 1));
  return sorted.flatMap((src, i) => {
    const { package: pkg, envPrefix } = entity(src);
    return sorted.slice(0, i).flatMap((earlier) => {
      const other = entity(earlier);
      const whose = `provider ${earlier.provider}'s`;
      return [
        !!envPrefix &&
          !!other.envPrefix &&
          overlap(envPrefix, other.envPrefix) &&
          at(
            src,
            ["envPrefix"],
            `envPrefix ${envPrefix} overlaps ${whose} ${other.envPrefix}: a program using both packages would read the same environment variables for both; give each provider a prefix of its own`,
          ),
        !!pkg?.name &&
          pkg.name === other.package?.name &&
          at(
            src,
            ["package", "name"],
            `package name "${pkg.name}" is also ${whose}: each provider publishes a package of its own`,
          ),
      ].filter((d): d is Diagnostic => d !== false);
    });
  });
}

const overlap = (a: string, b: string): boolean => `${a}_`.startsWith(`${b}_`) || `${b}_`.startsWith(`${a}_`);
