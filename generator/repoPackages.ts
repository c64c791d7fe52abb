import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** Repository root: the nearest folder above this module holding templates/. */
export function repoRoot(): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); dir !== dirname(dir); dir = dirname(dir))
    if (existsSync(join(dir, "templates", "README.md.hbs"))) return dir;
  throw new Error(`templates/ not found above ${import.meta.url}`);
}

/** What generated packages take from the repository's package.json and runtime/package.json. */
export interface RepoPackages {
  readonly generatorVersion: string;
  readonly repositoryUrl: string;
  readonly homepage: string;
  readonly runtime: { readonly name: string; readonly version: string };
}

interface PackageJson {
  name: string;
  version: string;
  homepage?: string;
  repository?: { url?: string };
}

let cached: RepoPackages | undefined;

export function repoPackages(): RepoPackages {
  if (cached) return cached;
  const root = repoRoot();
  const read = (p: string) => JSON.parse(readFileSync(join(root, p), "utf8")) as PackageJson;
  const top = read("package.json");
  const runtime = read("runtime/package.json");
  if (!top.repository?.url || !top.homepage)
    throw new Error("package.json must name the repository (repository.url) and its web page (homepage)");
  return (cached = {
    generatorVersion: top.version,
    repositoryUrl: top.repository.url,
    homepage: top.homepage,
    runtime: { name: runtime.name, version: runtime.version },
  });
}

/** The module specifier generated code imports the runtime by. */
export const runtimeModule = (): string => repoPackages().runtime.name;
