import { readdirSync, watch, type FSWatcher } from "node:fs";
import { join } from "node:path";
import { reportLines, SchemaError } from "./diagnostics.js";
import { Regeneration, type RegenerateResult } from "./pipeline.js";
import { lockOutput } from "./write/outputLock.js";
import { driftSize, WriteError } from "./write/writeTree.js";

/** How long the folder must be quiet before a run: an editor's save is often several events. */
const SETTLE_MS = 5;

/** `generate --watch`: one warm process; problems are printed, and a signal ends it after the run, never mid-write. */
export async function watchSchemas(
  schemaDir: string,
  outDir: string,
  cacheDir: string | undefined,
  explain: boolean,
): Promise<number> {
  // The watch writes the folder whenever a schema changes: no other run may write it meanwhile.
  const release = lockOutput(outDir);
  try {
    const session = new Regeneration(schemaDir, outDir, cacheDir);
    let running: Promise<void> = Promise.resolve();
    let pending = false;
    let timer: NodeJS.Timeout | undefined;

    const runOnce = async (changedAt: number) => {
      try {
        report(await session.run(false), performance.now() - changedAt);
        if (explain) console.log(session.explanation!.lines().join("\n"));
      } catch (e) {
        if (e instanceof SchemaError) {
          for (const line of reportLines(e.diagnostics)) console.error(line);
          console.error(`${e.message}; nothing was written. Watching for the next change.`);
        } else if (e instanceof WriteError) console.error(`sdkgen: ${e.message}; nothing was written.`);
        else throw e;
      } finally {
        session.saveWhenIdle(); // what the last run that completed kept
      }
    };
    const schedule = () => {
      clearTimeout(timer);
      const changedAt = performance.now();
      timer = setTimeout(() => {
        if (pending) return;
        pending = true;
        running = running.then(() => ((pending = false), runOnce(changedAt)));
      }, SETTLE_MS);
    };

    await (running = runOnce(performance.now()));
    const watcher = watchFolders(schemaDir, schedule);
    console.log(`watching ${schemaDir} (Ctrl-C to stop)`);
    await new Promise<void>((resolve) => {
      const stop = () => {
        watcher.close();
        clearTimeout(timer);
        void running.finally(resolve);
      };
      process.once("SIGINT", stop);
      process.once("SIGTERM", stop);
    });
    await session.close();
    return 0;
  } finally {
    release();
  }
}

/** Each folder watched on its own: Node's recursive watch on Linux loses files saved by renaming over them. */
function watchFolders(root: string, changed: () => void): { close(): void } {
  const watchers = new Map<string, FSWatcher>();
  const sync = () => {
    const folders = new Set([root, ...subfolders(root)]);
    for (const [dir, w] of watchers) if (!folders.has(dir)) (w.close(), watchers.delete(dir));
    for (const dir of folders)
      if (!watchers.has(dir))
        watchers.set(
          dir,
          // Only a "rename" (a file or folder made, removed or renamed) can change the folders.
          watch(dir, (event) => (event === "rename" && sync(), changed())).on("error", () => watchers.delete(dir)),
        );
  };
  sync();
  return { close: () => watchers.forEach((w) => w.close()) };
}

const subfolders = (dir: string): string[] => {
  try {
    return readdirSync(dir, { withFileTypes: true, recursive: true })
      .filter((e) => e.isDirectory())
      .map((e) => join(e.parentPath, e.name));
  } catch {
    return []; // removed meanwhile: its parent's watch reports it
  }
};

function report(results: readonly RegenerateResult[], ms: number): void {
  const changed = results.filter(({ drift }) => driftSize(drift) > 0);
  const what = changed.length
    ? changed.map(({ name, drift }) => `${name}: ${driftSize(drift)} written or removed`).join(", ")
    : "no file changed";
  console.log(`${new Date().toTimeString().slice(0, 8)} ${what} (${Math.round(ms)} ms)`);
}
