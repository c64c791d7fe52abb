import { mkdirSync, readdirSync, readFileSync, rmdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { UserError } from "../args.js";

/** The lock file of an output folder, held by the one run writing (or checking) it. */
const LOCK_FILE = ".sdkgen.lock";

/** Takes the output folder (two runs writing it would leave a mix); a lock whose process is gone is taken over. */
export function lockOutput(dir: string): () => void {
  // A folder made only to hold the lock is removed with it when the run wrote nothing there.
  const made = mkdirSync(dir, { recursive: true }) !== undefined;
  const path = join(dir, LOCK_FILE);
  const host = hostname();
  for (;;) {
    try {
      writeFileSync(path, `${process.pid} ${host}\n`, { flag: "wx" });
      return () => {
        rmSync(path, { force: true });
        if (made && readdirSync(dir).length === 0) rmdirSync(dir);
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
    }
    const [pid, holderHost] = readHolder(path);
    // A dead run's lock is taken over; so is one cut short by a crash, once older than a run needs to write it.
    if (pid === undefined ? ageMs(path) > STARTING_MS : holderHost === host && !alive(pid)) {
      rmSync(path, { force: true });
      continue;
    }
    throw new UserError(
      `another sdkgen run (${pid === undefined ? "starting" : `pid ${pid}${holderHost === host ? "" : ` on ${holderHost}`}`}) is writing ${dir}: wait for it to end, or remove ${path} if no run is`,
    );
  }
}

/** How long a lock file may stay empty while its run writes its pid in it. */
const STARTING_MS = 5_000;

const ageMs = (path: string): number => {
  try {
    return Date.now() - statSync(path).mtimeMs;
  } catch {
    return Infinity;
  }
};

/** The pid and host a lock file names; no pid when it is unreadable or cut short. */
function readHolder(path: string): [number | undefined, string | undefined] {
  try {
    const [pid, host] = readFileSync(path, "utf8").trim().split(" ");
    return Number(pid) > 0 && host ? [Number(pid), host] : [undefined, undefined];
  } catch {
    return [undefined, undefined];
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}
