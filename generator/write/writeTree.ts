import {
  closeSync,
  existsSync,
  fstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  type Stats,
} from "node:fs";
import { join } from "node:path";
import { hashText, statSignature } from "../cache/genCache.js";

/** The generator owns `src/`, `docs/` and these top-level files of a package folder; dist/ and node_modules/ are left alone. */
const OWNED_TOP_LEVEL = ["LICENSE", "package.json", "tsconfig.json", "README.md"];
const OWNED_FOLDERS = ["src", "docs"];

export interface Drift {
  readonly added: string[];
  readonly changed: string[];
  readonly removed: string[];
}

/** A file's text against the file on disk. */
export type FileState = "added" | "changed" | "same";

/** A file's stat as this run wrote it: its signature, and its last change (mtime or ctime, the later). */
export interface WrittenStat {
  readonly signature: string;
  readonly changed: number;
}

const writtenStat = (stat: Stats): WrittenStat => ({
  signature: statSignature(stat),
  changed: Math.max(stat.mtimeMs, stat.ctimeMs),
});

/** A write that failed: what it says is true of the disk (nothing written, or exactly what was). */
export class WriteError extends Error {}

/**
 * Where a run stages a file's new text: beside its target, renamed over it on commit; or, in a fresh
 * package folder (PackageStage.fresh), in a staging folder of its own (stagingFolder), whose owned
 * folders and files are renamed into place on commit: a few renames, where a 2,000-entity package's
 * 6,000 renames, one a file, were ~170 ms at the end of a cold run.
 */
export const stagedPath = (dir: string, path: string, fresh: boolean): string =>
  fresh ? inPackage(stagingFolder(dir), path) : `${inPackage(dir, path)}.sdkgen-${process.pid}.tmp`;

/** The folder a run stages a fresh package in: `.sdkgen-<pid>` inside it. */
const stagingFolder = (dir: string): string => inPackage(dir, `.sdkgen-${process.pid}`);

/**
 * The file at `path` in the package folder `dir`: a path as the planner makes them (relative, already
 * normal) under one path.join made (no separator at its end), so joined as they are. path.join
 * normalizes both again, character by character: ~40 ms of each thread for a 2,000-entity package.
 * The cache keys a package's files by such paths, and finds them under `${dir}/`.
 */
export const inPackage = (dir: string, path: string): string => `${dir}/${path}`;

/**
 * Compares `text` with the file at `path` in the package folder `dir` and, when they differ and
 * `write` is set, stages it (stagedPath); returns its state and its hash (for the cache), both of its
 * bytes, encoded once (a cold 2,000-entity run: 47 MB of text, ~30 ms less than encoding twice), and
 * in a fresh package the stat of a file it wrote in a folder (PackageStage.signatureOf), so that the
 * next run need not read it back. `folders` holds the folders this caller knows exist; in a
 * `fresh` package no target is compared with the disk (a cold run into an empty folder). The render
 * worker stages the modules it renders this way as it goes, and the main thread the docs pages, so
 * that writing is done beside rendering rather than after it. A failure (a name too long, a full disk)
 * throws a WriteError; the caller then aborts the whole package (PackageStage.abort).
 */
export function stageFile(
  dir: string,
  path: string,
  text: string,
  write: boolean,
  folders: Set<string>,
  fresh = false,
): { state: FileState; hash: string; stat?: WrittenStat } {
  const target = inPackage(dir, path);
  const bytes = Buffer.from(text);
  try {
    const state = fresh ? "added" : stateOf(target, bytes);
    let stat: WrittenStat | undefined;
    if (write && state !== "same") {
      const staged = stagedPath(dir, path, fresh);
      const folder = staged.slice(0, staged.lastIndexOf("/"));
      if (!folders.has(folder)) {
        mkdirSync(folder, { recursive: true });
        folders.add(folder);
      }
      const fd = openSync(staged, "w");
      try {
        writeFileSync(fd, bytes);
        // A fresh package's folders are renamed into place whole, which leaves their files' stats as
        // written here (PackageStage.signatureOf); a file at the top is renamed itself, its ctime changed.
        if (fresh && path.includes("/")) stat = writtenStat(fstatSync(fd));
      } finally {
        closeSync(fd);
      }
    }
    return { state, hash: hashText(bytes), ...(stat && { stat }) };
  } catch (e) {
    const reason = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
    throw new WriteError(`could not ${write ? "write" : "read"} ${target}: ${reason}`);
  }
}

// existsSync first: a missing file's read throws, which costs ten times the check (a cold run has 6,000).
function stateOf(target: string, bytes: Uint8Array): FileState {
  if (!existsSync(target)) return "added";
  try {
    return readFileSync(target).equals(bytes) ? "same" : "changed";
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return "added";
    throw e;
  }
}

/**
 * One package folder as a run stages it: what was on disk when the run began, and the state of each
 * file staged since (here or on a worker). Nothing replaces a target before `commit`; `abort` removes
 * every staged file, leaving the folder as it was.
 */
export class PackageStage {
  private readonly onDisk: Set<string>;
  private readonly states = new Map<string, FileState>();
  private readonly folders = new Set<string>();
  /** The stats of the files staged in a fresh package, as written, by path (signatureOf). */
  private readonly writtenStats = new Map<string, WrittenStat>();
  /** The package folder's ctime once a fresh package's files are in place (commit). */
  private committedAt = -Infinity;
  /**
   * Whether the package held nothing of its own when the run began: no file, and no folder (where a
   * folder might stand in a file's way), so that no target is compared with the disk.
   */
  readonly fresh: boolean;

  /** Whether the package's folder was there before this run (one made for staging goes on abort). */
  private readonly existed: boolean;

  constructor(
    readonly dir: string,
    readonly write: boolean,
    /** The files the last run wrote here, each found as written (a scoped run's), by path in the package. */
    expected?: readonly string[],
  ) {
    this.existed = existsSync(dir);
    if (this.existed && !statSync(dir).isDirectory())
      throw new WriteError(`could not write ${dir}: it is a file, where the package's folder goes`);
    this.onDisk = (expected && onlyThese(dir, expected)) ?? ownedFiles(dir);
    this.fresh = this.onDisk.size === 0 && !OWNED_FOLDERS.some((f) => existsSync(join(dir, f)));
  }

  /** Stages a file rendered in this thread. */
  stage(path: string, text: string): string {
    const { state, hash, stat } = stageFile(this.dir, path, text, this.write, this.folders, this.fresh);
    this.staged(path, state, stat);
    return hash;
  }

  /** Records a file staged (here or by a worker), with its stat as written where stageFile took it. */
  staged(path: string, state: FileState, stat?: WrittenStat): void {
    this.states.set(path, state);
    if (stat) this.writtenStats.set(path, stat);
  }

  /**
   * The stat signature of a file this run wrote into a fresh package, for the cache to know it by: its
   * stat is still as written (stageFile), and its last change came before the commit's by at least a
   * tick of the file system's own clock, so that any change since shows in its ctime. Else none, and
   * the next run reads the file back.
   */
  signatureOf(path: string): string | undefined {
    const stat = this.writtenStats.get(path);
    return stat && stat.changed < this.committedAt ? stat.signature : undefined;
  }

  /** What the package's files (every path: staged, or left alone as the cache vouched) change on disk. */
  drift(paths: Iterable<string>): Drift {
    const drift: Drift = { added: [], changed: [], removed: [] };
    const all = new Set(paths);
    for (const [path, state] of this.states) if (state !== "same") drift[state].push(path);
    for (const path of this.onDisk) if (!all.has(path)) drift.removed.push(path);
    for (const list of Object.values(drift)) list.sort();
    return drift;
  }

  /** Renames every staged file over its target (a fresh package's staged folders and files into place) and removes stale files. */
  commit(drift: Drift): void {
    if (this.fresh) {
      const staging = stagingFolder(this.dir);
      if (existsSync(staging))
        for (const name of readdirSync(staging)) renameSync(join(staging, name), join(this.dir, name));
      rmSync(staging, { recursive: true, force: true });
      // Removing the staging folder changed the package's folder: its ctime is the file system's clock
      // once every file is in place, at that file system's granularity (signatureOf).
      this.committedAt = statSync(this.dir).ctimeMs;
    } else
      for (const path of [...drift.added, ...drift.changed])
        renameSync(stagedPath(this.dir, path, false), join(this.dir, path));
    for (const path of drift.removed) rmSync(join(this.dir, path), { recursive: true, force: true });
    for (const folder of OWNED_FOLDERS) removeEmptyDirs(join(this.dir, folder));
  }

  /**
   * Removes what was staged for any of `paths` (a worker that failed mid-task recorded nothing of it).
   * A name that cannot be removed could not have been staged (too long a name); were one left, the
   * next run would report it and remove it as a leftover.
   */
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

/**
 * A temporary file an interrupted run left beside its target (`README.md.sdkgen-<pid>.tmp`), or the
 * staging folder of a fresh package (`.sdkgen-<pid>`).
 */
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

/**
 * The owned files, where they are exactly `expected` (each known to exist): when every owned folder
 * holds as many entries as `expected` puts in it (files and folders), it holds nothing else. Counting
 * them spares walking and collecting 6,000 entries (~15 ms of a scoped run); undefined where a count
 * differs (a stray file or folder: the walk then finds it).
 */
function onlyThese(dir: string, expected: readonly string[]): Set<string> | undefined {
  const counts = new Map<string, number>(OWNED_FOLDERS.map((f) => [f, 0]));
  const count = (folder: string) => counts.set(folder, counts.get(folder)! + 1);
  /** A folder first seen is an entry of its parent (the owned folders at the top are there from the start). */
  const enter = (folder: string): void => {
    if (counts.has(folder)) return;
    counts.set(folder, 0);
    const parent = folder.slice(0, folder.lastIndexOf("/"));
    enter(parent);
    count(parent);
  };
  for (const path of expected) {
    const at = path.lastIndexOf("/");
    if (at < 0) continue; // a file at the top
    if (!OWNED_FOLDERS.includes(path.slice(0, path.indexOf("/")))) return undefined;
    enter(path.slice(0, at));
    count(path.slice(0, at));
  }
  for (const [folder, n] of counts) {
    try {
      if (readdirSync(join(dir, folder)).length !== n) return undefined;
    } catch {
      if (n > 0) return undefined;
    }
  }
  return new Set([...expected, ...leftovers(dir)]);
}

function removeEmptyDirs(dir: string): boolean {
  if (!existsSync(dir)) return true;
  const empty = readdirSync(dir, { withFileTypes: true }).every(
    (e) => e.isDirectory() && removeEmptyDirs(join(dir, e.name)),
  );
  if (empty) rmSync(dir, { recursive: true });
  return empty;
}
