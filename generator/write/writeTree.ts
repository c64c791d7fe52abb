import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { hashText } from "../hash.js";

/** The generator owns `src/`, `docs/` and these top-level files; dist/ and node_modules/ are left alone. */
const OWNED_TOP_LEVEL = ["LICENSE", "package.json", "tsconfig.json", "README.md"];
const OWNED_FOLDERS = ["src", "docs"];

export interface Drift {
  readonly added: string[];
  readonly changed: string[];
  readonly removed: string[];
}

/** How many files a drift writes or removes. */
export const driftSize = (d: Drift): number => d.added.length + d.changed.length + d.removed.length;

/** A file's text against the file on disk. */
export type FileState = "added" | "changed" | "same";

/** A write that failed: what it says is true of the disk (nothing written, or exactly what was). */
export class WriteError extends Error {}

/** Where a file is staged: beside its target, or in a fresh package's staging folder, moved in whole (few renames). */
export const stagedPath = (dir: string, path: string, fresh: boolean): string =>
  fresh ? inPackage(stagingFolder(dir), path) : `${inPackage(dir, path)}.sdkgen-${process.pid}.tmp`;

const stagingFolder = (dir: string): string => inPackage(dir, `.sdkgen-${process.pid}`);

/** `dir`/`path`, joined by hand: both are normal already, path.join is slow, and the cache finds files so. */
export const inPackage = (dir: string, path: string): string => `${dir}/${path}`;

/**
 * What stages files in the package folder `dir`: each text compared with its file and, if it differs
 * and `write` is set, staged; failures throw WriteError. `fresh`: nothing of the package is on disk.
 */
export function fileStager(dir: string, write: boolean, fresh: boolean) {
  // Each folder is made once (folders may vanish between stagers: an aborted run removes the empty ones).
  const folders = new Set<string>();
  return (path: string, text: string): { state: FileState; hash: string } => {
    const target = inPackage(dir, path);
    const bytes = Buffer.from(text);
    try {
      const state = fresh ? "added" : stateOf(target, bytes);
      if (write && state !== "same") {
        const staged = stagedPath(dir, path, fresh);
        const folder = staged.slice(0, staged.lastIndexOf("/"));
        if (!folders.has(folder)) {
          mkdirSync(folder, { recursive: true });
          folders.add(folder);
        }
        writeFileSync(staged, bytes);
      }
      return { state, hash: hashText(bytes) };
    } catch (e) {
      const reason = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
      throw new WriteError(`could not ${write ? "write" : "read"} ${target}: ${reason}`);
    }
  };
}

// existsSync first: a missing file's read throws, which costs far more.
function stateOf(target: string, bytes: Uint8Array): FileState {
  if (!existsSync(target)) return "added";
  try {
    return readFileSync(target).equals(bytes) ? "same" : "changed";
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return "added";
    throw e;
  }
}

/** One package folder as a run stages it: nothing replaces a target before `commit`; `abort` leaves it as it was. */
export class PackageStage {
  private readonly onDisk: Set<string>;
  private readonly states = new Map<string, FileState>();
  private readonly stageText: ReturnType<typeof fileStager>;
  /** Whether the package held nothing of its own (no file, no folder in the way): then nothing is compared. */
  readonly fresh: boolean;

  /** Whether the package's folder was there before this run (one made for staging goes on abort). */
  private readonly existed: boolean;

  constructor(
    readonly dir: string,
    readonly write: boolean,
  ) {
    this.existed = existsSync(dir);
    if (this.existed && !statSync(dir).isDirectory())
      throw new WriteError(`could not write ${dir}: it is a file, where the package's folder goes`);
    this.onDisk = ownedFiles(dir);
    this.fresh = this.onDisk.size === 0 && !OWNED_FOLDERS.some((f) => existsSync(join(dir, f)));
    this.stageText = fileStager(dir, write, this.fresh);
  }

  stage(path: string, text: string): string {
    const { state, hash } = this.stageText(path, text);
    this.staged(path, state);
    return hash;
  }

  staged(path: string, state: FileState): void {
    this.states.set(path, state);
  }

  /** What the package's files (every path: staged, or left alone as unchanged) change on disk. */
  drift(paths: Iterable<string>): Drift {
    const drift: Drift = { added: [], changed: [], removed: [] };
    const all = new Set(paths);
    for (const [path, state] of this.states) if (state !== "same") drift[state].push(path);
    for (const path of this.onDisk) if (!all.has(path)) drift.removed.push(path);
    for (const list of Object.values(drift)) list.sort();
    return drift;
  }

  /** Renames every staged file (or a fresh package's folders) into place and removes stale files. */
  commit(drift: Drift): void {
    if (this.fresh) {
      const staging = stagingFolder(this.dir);
      if (existsSync(staging))
        for (const name of readdirSync(staging)) renameSync(join(staging, name), join(this.dir, name));
      rmSync(staging, { recursive: true, force: true });
    } else
      for (const path of [...drift.added, ...drift.changed])
        renameSync(stagedPath(this.dir, path, false), join(this.dir, path));
    for (const path of drift.removed) rmSync(join(this.dir, path), { recursive: true, force: true });
    for (const folder of OWNED_FOLDERS) removeEmptyDirs(join(this.dir, folder));
  }

  /** Removes what was staged for `paths`; a name that cannot be removed cannot have been staged. */
  abort(paths: Iterable<string>): void {
    if (this.fresh) rmSync(stagingFolder(this.dir), { recursive: true, force: true });
    else
      for (const path of paths)
        try {
          rmSync(stagedPath(this.dir, path, false), { force: true });
        } catch {
          // not staged
        }
    for (const folder of OWNED_FOLDERS) removeEmptyDirs(join(this.dir, folder));
    if (!this.existed && existsSync(this.dir) && readdirSync(this.dir).length === 0)
      rmSync(this.dir, { recursive: true });
  }
}

/** A temporary file an interrupted run left (`README.md.sdkgen-<pid>.tmp`), or a fresh package's staging folder. */
const LEFTOVER = /\.sdkgen-(\d+)(?:\.tmp)?$/;

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
  const out = new Set<string>([...OWNED_TOP_LEVEL.filter((f) => existsSync(join(dir, f))), ...leftovers(dir)]);
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

/** Leftovers of an interrupted run are ours too: reported by --check, removed by the next run. */
const leftovers = (dir: string): string[] => (existsSync(dir) ? readdirSync(dir).filter(leftover) : []);

function removeEmptyDirs(dir: string): boolean {
  if (!existsSync(dir)) return true;
  const empty = readdirSync(dir, { withFileTypes: true }).every(
    (e) => e.isDirectory() && removeEmptyDirs(join(dir, e.name)),
  );
  if (empty) rmSync(dir, { recursive: true });
  return empty;
}
