import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, realpathSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { UserError } from "../args.js";

/** A problem with the command's input (git, refs, folders, options): printed as one line, exit status 2. */
export class DiffError extends UserError {}

function git(cwd: string, args: readonly string[]): { ok: boolean; out: Buffer; err: string } {
  const r = spawnSync("git", args, { cwd, maxBuffer: 1 << 30 });
  if (r.error) throw new DiffError(`cannot run git: ${r.error.message}`);
  return { ok: r.status === 0, out: r.stdout, err: r.stderr.toString().trim() };
}

/** The top folder of the git work tree holding `dir`. */
export function repoRoot(dir: string): string {
  const r = git(dir, ["rev-parse", "--show-toplevel"]);
  if (!r.ok)
    throw new DiffError(`${dir} is not inside a git repository: compare two folders with --old DIR --new DIR instead`);
  return realpathSync(r.out.toString().trim());
}

/** The commit a ref names, or a clear error when it names none. */
export function commitOf(root: string, ref: string): string {
  const r = git(root, ["rev-parse", "--verify", "--quiet", "--end-of-options", `${ref}^{commit}`]);
  if (!r.ok) throw new DiffError(`unknown git ref "${ref}" (try a branch, tag or commit, e.g. origin/main)`);
  return r.out.toString().trim();
}

/** The default base: the merge base of HEAD with origin/main first (a local main is often stale), else main. */
export function mergeBaseWithMain(root: string): { ref: string; commit: string } {
  for (const main of ["origin/main", "main"]) {
    if (!git(root, ["rev-parse", "--verify", "--quiet", `${main}^{commit}`]).ok) continue;
    const r = git(root, ["merge-base", main, "HEAD"]);
    if (r.ok) return { ref: `merge base with ${main}`, commit: r.out.toString().trim() };
  }
  throw new DiffError("found no merge base with origin/main or main: name the base with --base REF");
}

/** Writes the schema folder at `commit` under `into` (git archive | tar -x); its path there, undefined when absent. */
export function materialise(root: string, commit: string, schemaDir: string, into: string): string | undefined {
  // The folder may be gone from the working tree and still exist at the ref.
  const absolute = existsSync(schemaDir) ? realpathSync(schemaDir) : resolve(schemaDir);
  const rel = relative(root, absolute).split(sep).join("/");
  if (rel.startsWith("..")) throw new DiffError(`${schemaDir} is outside the git repository at ${root}`);
  const path = rel || ".";
  if (!git(root, ["cat-file", "-e", `${commit}:${rel}`]).ok) return undefined;
  const archive = git(root, ["archive", "--format=tar", commit, "--", path]);
  if (!archive.ok) throw new DiffError(`git archive ${commit} ${path} failed: ${archive.err}`);
  mkdirSync(into, { recursive: true });
  const tar = spawnSync("tar", ["-x", "-f", "-", "-C", into], { input: archive.out, maxBuffer: 1 << 30 });
  const why = tar.error?.message ?? tar.stderr.toString().trim();
  if (tar.error || tar.status !== 0) throw new DiffError(`extracting ${path} at ${commit} failed: ${why}`);
  return join(into, rel);
}
