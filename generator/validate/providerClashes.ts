import type { Diagnostic } from "../diagnostics.js";
import { entity } from "../load/providerIndex.js";
import { at, type SourceDoc } from "../load/sourceDoc.js";

/** Packages and env prefixes two providers may not share: a program using both would mix their credentials. */
export function providerClashes(providers: readonly SourceDoc[]): Diagnostic[] {
  const sorted = [...providers].sort((a, b) => (a.provider < b.provider ? -1 : 1));
  return sorted.flatMap((src, i) => {
    const { package: pkg, envPrefix } = entity(src);
    return sorted.slice(0, i).flatMap((earlier) => {
      const other = entity(earlier);
      const whose = `provider ${earlier.provider}'s`;
      const out: Diagnostic[] = [];
      if (envPrefix && other.envPrefix && overlap(envPrefix, other.envPrefix)) {
        const message = `envPrefix ${envPrefix} overlaps ${whose} ${other.envPrefix}: a program using both packages would read the same environment variables for both; give each provider a prefix of its own`;
        out.push(at(src, ["envPrefix"], message));
      }
      if (pkg?.name && pkg.name === other.package?.name) {
        const message = `package name "${pkg.name}" is also ${whose}: each provider publishes a package of its own`;
        out.push(at(src, ["package", "name"], message));
      }
      return out;
    });
  });
}

const overlap = (a: string, b: string): boolean => `${a}_`.startsWith(`${b}_`) || `${b}_`.startsWith(`${a}_`);
