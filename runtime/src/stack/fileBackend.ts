import { randomUUID } from "node:crypto";
import { link, mkdir, readFile, rename, unlink, writeFile } from "node:fs/promises";
import { hostname } from "node:os";
import { join, resolve } from "node:path";
import { StackLockedError, type LockHolder, type StateBackend } from "./backend.js";

/**
 * The default backend: `<dir>/<stack>.json`, replaced through a temporary file and a rename (atomic
 * on one file system), and `<dir>/<stack>.lock`, created exclusively with its holder. A lock whose
 * holder was on this host and no longer runs is stale and taken over.
 */
export function fileBackend(folder: string): StateBackend {
  // Absolute from the start: a program that changes its working folder still finds the same state.
  const dir = resolve(folder);
  const file = (stack: string) => join(dir, `${stack}.json`);
  const lockFile = (stack: string) => join(dir, `${stack}.lock`);
  return {
    describe: (stack) => `file ${file(stack)}`,

    async read(stack) {
      return readFile(file(stack), "utf8").catch((e: NodeJS.ErrnoException) => {
        if (e.code === "ENOENT") return undefined;
        throw e;
      });
    },

    async write(stack, text) {
      await mkdir(dir, { recursive: true });
      const temporary = `${file(stack)}.${randomUUID()}.tmp`;
      try {
        await writeFile(temporary, text, { flush: true });
        await rename(temporary, file(stack));
      } catch (e) {
        await unlink(temporary).catch(() => {});
        throw e;
      }
    },

    async lock(stack, holder) {
      await mkdir(dir, { recursive: true });
      const path = lockFile(stack);
      // The holder is written in full before the lock appears: a hard link is made at once or not at
      // all, so no run reads a half-written lock (and mistakes it for one a killed run left).
      const draft = `${path}.${randomUUID()}.tmp`;
      await writeFile(draft, JSON.stringify(holder));
      try {
        let tookOver = false;
        for (let attempt = 0; attempt < 3; attempt++) {
          if (await linked(draft, path, stack)) return () => unlink(path).catch(() => {});
          const current = await readHolder(path);
          if (current === "absent") continue; // released meanwhile
          if (current === "unreadable")
            throw new Error(
              `stack "${stack}" is locked by ${path}, which names no holder; if no run is going on, remove it`,
            );
          // A lock taken again right after a stale one was removed: another run won the race.
          if (tookOver || !isStale(current)) throw new StackLockedError(stack, current, `file ${path}`);
          await removeStale(path, current, stack);
          tookOver = true;
        }
        throw new Error(`could not lock stack "${stack}" (${path}): it was taken and released repeatedly`);
      } finally {
        await unlink(draft).catch(() => {});
      }
    },

    async unlock(stack) {
      const path = lockFile(stack);
      const holder = await readHolder(path);
      if (holder === "absent") return;
      if (typeof holder === "object" && !isStale(holder))
        throw new StackLockedError(
          stack,
          holder,
          `file ${path}`,
          holder.host === hostname()
            ? `Its process is still running: let it finish, or stop it (a stopped run releases its lock)`
            : `It was taken on another host, whose process this one cannot see: if that run is gone, delete ${path}`,
        );
      await unlink(path).catch((e: NodeJS.ErrnoException) => {
        if (e.code !== "ENOENT") throw lockError(e, stack, path);
      });
    },
  };
}

/** Makes `path` a link to `draft`; false when it exists already. */
async function linked(draft: string, path: string, stack: string): Promise<boolean> {
  try {
    await link(draft, path);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw lockError(e, stack, path);
  }
}

async function readHolder(path: string): Promise<LockHolder | "absent" | "unreadable"> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "ENOENT" ? "absent" : "unreadable";
  }
  try {
    return JSON.parse(text) as LockHolder;
  } catch {
    return "unreadable";
  }
}

/**
 * Removes a stale lock, unless another run replaced it since it was read: the lock is moved aside
 * (atomically) and, if what was moved is not the stale holder, put back.
 */
async function removeStale(path: string, stale: LockHolder, stack: string): Promise<void> {
  const aside = `${path}.${randomUUID()}.stale`;
  try {
    await rename(path, aside);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return;
    throw lockError(e, stack, path);
  }
  const moved = await readHolder(aside);
  if (typeof moved === "object" && JSON.stringify(moved) !== JSON.stringify(stale)) await linked(aside, path, stack);
  await unlink(aside).catch(() => {});
}

/** A holder on this host whose process is gone (a run killed with SIGKILL leaves its lock behind). */
function isStale(holder: LockHolder): boolean {
  if (holder.host !== hostname()) return false;
  try {
    process.kill(holder.pid, 0);
    return false;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "ESRCH";
  }
}

function lockError(e: unknown, stack: string, path: string): Error {
  return new Error(`could not lock stack "${stack}" (${path}): ${(e as Error).message}`);
}
