import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { UserError } from "./args.js";

/** `dir` when it is a folder; otherwise an error naming it as `what`. */
export function requireFolder(dir: string, what: string, ifMissing = ""): string {
  if (!existsSync(dir)) throw new UserError(`${what} ${dir} does not exist${ifMissing}`);
  if (!statSync(dir).isDirectory()) throw new UserError(`${what} ${dir} is not a folder`);
  return dir;
}

/** The schema folder (absolute), holding a provider folder; the default gets a hint: the user did not type it. */
export function schemaFolder(given: string | undefined): string {
  const hint = given === undefined ? ": run from the repository root, or name the folder with --schemas DIR" : "";
  const dir = resolve(requireFolder(given ?? "schemas", "schema folder", hint));
  const providers = readdirSync(dir).filter((p) => p !== "meta" && statSync(join(dir, p)).isDirectory());
  if (providers.length === 0)
    throw new UserError(`schema folder ${dir} holds no provider: expected a folder <provider>/ with provider.yaml`);
  return dir;
}

/** The cache folder, absolute; a path that is there must be a folder (one that is not is made by the first save). */
export function cacheFolder(v: { cache: string | undefined; "no-cache": boolean }): string | undefined {
  if (v["no-cache"]) return undefined;
  const dir = resolve(v.cache ?? "node_modules/.cache/sdkgen");
  return existsSync(dir) ? requireFolder(dir, "cache folder") : dir;
}
