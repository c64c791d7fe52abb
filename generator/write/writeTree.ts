import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

/** The generator owns `src/`, `docs/` and these top-level files of a package folder; dist/ and node_modules/ are left alone. */
const OWNED_TOP_LEVEL = ["LICENSE", "package.json", "tsconfig.json", "README.md"];
const OWNED_FOLDERS = ["src", "docs"];

/** A package's files: path to text, or to `null` where the cache vouches that the file on disk is already right. */
export type PackageFiles = ReadonlyMap<string, string | null>;

export interface Drift {
  readonly added: string[];
  readonly changed: string[];
  readonly removed: string[];
}

/** What differs between `files` and the package folder on disk. */
export function compareTree(dir: string, files: PackageFiles): Drift {
  const onDisk = ownedFiles(dir);
  const drift: Drift = { added: [], changed: [], removed: [] };
  for (const [path, text] of files) {
    if (!onDisk.has(path)) drift.added.push(path);
    else if (text !== null && readFileSync(join(dir, path), "utf8") !== text) drift.changed.push(path);
  }
  for (const path of onDisk) if (!files.has(path)) drift.removed.push(path);
  for (const list of Object.values(drift)) list.sort();
  return drift;
}

/** A write that failed: what it says is true of the disk (nothing written, or exactly what was). */
export class WriteError extends Error {}

/** A package's changes written beside their targets, to be committed (renamed) or aborted together. */
export interface StagedTree {
  readonly drift: Drift;
  /** Renames every staged file over its target and removes stale files. */
  commit(): Promise<void>;
  /** Removes every staged file, leaving the folder as it was. */
  abort(): void;
}

/**
 * Writes what changed as temporary files beside the targets (`<file>.sdkgen-<pid>.tmp`), so a failure
 * (a name too long, a full disk) is found before any target changes; a failed stage removes what it
 * wrote and throws a WriteError. Callers compute every file before staging, so a schema or generator
 * error never reaches the disk. Writes are synchronous: by then nothing else is left to do, and for
 * 6,000 files fs/promises cost half a second more of CPU (its promises, and threads contending for
 * the same folders) than writeFileSync.
 */
export async function stageTree(dir: string, files: PackageFiles): Promise<StagedTree> {
  const drift = compareTree(dir, files);
  const paths = [...drift.added, ...drift.changed];
  const tmp = (path: string) => `${join(dir, path)}.sdkgen-${process.pid}.tmp`;
  const staged: string[] = [];
  const abort = () => {
    for (const file of staged) rmSync(file, { force: true });
    for (const folder of OWNED_FOLDERS) removeEmptyDirs(join(dir, folder));
  };
  const folders = new Set<string>();
  for (const path of paths) {
    try {
      const folder = dirname(join(dir, path));
      if (!folders.has(folder)) {
        mkdirSync(folder, { recursive: true });
        folders.add(folder);
      }
      writeFileSync(tmp(path), files.get(path)!);
      staged.push(tmp(path));
    } catch (e) {
      abort();
      throw new WriteError(
        `could not write ${join(dir, path)}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
      );
    }
  }
  return {
    drift,
    abort,
    async commit() {
      for (const path of paths) renameSync(tmp(path), join(dir, path));
      for (const path of drift.removed) rmSync(join(dir, path));
      for (const folder of OWNED_FOLDERS) removeEmptyDirs(join(dir, folder));
    },
  };
}

/** A temporary file an interrupted run left beside its target (`README.md.sdkgen-<pid>.tmp`). */
const LEFTOVER = /\.sdkgen-(\d+)\.tmp$/;

/** Whether a temporary file is a leftover: its writer is gone (a live run's files are its own business). */
function leftover(name: string): boolean {
  const pid = Number(LEFTOVER.exec(name)?.[1]);
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return pid === process.pid;
  } catch {
    return true;
  }
}

function ownedFiles(dir: string): Set<string> {
  const out = new Set<string>(OWNED_TOP_LEVEL.filter((f) => existsSync(join(dir, f))));
  // Leftovers of an interrupted run are ours too: reported by --check, removed by the next run.
  if (existsSync(dir)) for (const name of readdirSync(dir)) if (leftover(name)) out.add(name);
  const walk = (rel: string) => {
    const abs = join(dir, rel);
    if (!existsSync(abs)) return;
    for (const entry of readdirSync(abs, { withFileTypes: true })) {
      const child = `${rel}/${entry.name}`;
      if (entry.isDirectory()) walk(child);
      else out.add(child);
    }
  };
  OWNED_FOLDERS.forEach(walk);
  return out;
}

function removeEmptyDirs(dir: string): boolean {
  if (!existsSync(dir)) return true;
  const empty = readdirSync(dir, { withFileTypes: true }).every(
    (e) => e.isDirectory() && removeEmptyDirs(join(dir, e.name)),
  );
  if (empty) rmSync(dir, { recursive: true });
  return empty;
}
