import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { PROVIDER_RUNTIMES } from "@sdkgen/runtime/providers";
import { GENERATOR_DIR } from "../location.js";

let fingerprint: string | undefined;

/**
 * A hash of everything that shapes output besides the schemas: the generator's code, the meta-schema,
 * the templates, the repository's package files and the versions of the packages the generator runs.
 * Its code is the files at the top of its folder, where the CLI's and the workers' bundles are (with
 * every module they are made of inlined).
 */
export function generatorFingerprint(): string {
  if (fingerprint) return fingerprint;
  const repo = dirname(dirname(GENERATOR_DIR));
  const digest = createHash("sha1");
  const add = (path: string) => existsSync(path) && digest.update(path.slice(repo.length)).update(readFileSync(path));
  const files = (dir: string, recursive: boolean) =>
    readdirSync(dir, { recursive, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name))
      .sort();
  files(GENERATOR_DIR, false)
    .filter((f) => /\.c?js$/.test(f))
    .forEach(add);
  for (const dir of ["schemas/meta", "templates"])
    if (existsSync(join(repo, dir))) files(join(repo, dir), true).forEach(add);
  for (const pkg of ["prettier", "ts-morph", "handlebars", "ajv", "js-yaml"])
    add(join(repo, "node_modules", pkg, "package.json"));
  for (const pkg of ["runtime", ""]) add(join(repo, pkg, "package.json"));
  digest.update(JSON.stringify(PROVIDER_RUNTIMES)); // the runtime decides which error names are emitted
  return (fingerprint = digest.digest("base64url").slice(0, 16));
}
