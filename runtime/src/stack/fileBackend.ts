import { randomUUID } from "node:crypto";
import { mkdir, readFile, rename, unlink, writeFile } from "node:fs/promises";
import { hostname } from "node:os";
import { join } from "node:path";
import { StackLockedError, type LockHolder, type StateBackend } from "./backend.js";

/**
 * The default backend: `<dir>/<stack>.json`, replaced through a temporary file and a rename (atomic
 * on one file system), and `<dir>/<stack>.lock`, created exclusively. A lock whose holder was on
 * this host and no longer runs is stale and taken over.
 */
export function fileBackend(dir: string): StateBackend {
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
      for (let attempt = 0; ; attempt++) {
        try {
          await writeFile(path, JSON.stringify(holder), { flag: "wx" });
          return () => unlink(path).catch(() => {});
        } catch (e) {
          if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw lockError(e, stack, path);
          const current = await readHolder(path);
          // Taken again right after a stale lock was removed: another run won the race.
          if (current && (attempt > 0 || !isStale(current))) throw new StackLockedError(stack, current);
          if (attempt > 0) throw lockError(e, stack, path);
          await unlink(path).catch(() => {});
        }
      }
    },
  };
}

async function readHolder(path: string): Promise<LockHolder | undefined> {
  try {
    return JSON.parse(await readFile(path, "utf8")) as LockHolder;
  } catch {
    return undefined; // unreadable: left by a run killed while writing it
  }
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
