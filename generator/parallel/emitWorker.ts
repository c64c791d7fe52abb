import { deserialize } from "node:v8";
import { parentPort } from "node:worker_threads";
import { unmatched } from "../cache/genCache.js";
import { renderItems } from "../emit/renderItems.js";
import type { PackagePlan } from "../plan/planPackage.js";
import { stageFile, WriteError } from "../write/writeTree.js";
import { runChecks, type CheckTask } from "./checkAlongside.js";
import type { Answer, Files, StagedFiles, StageTarget, StatTask, Task } from "./emitPool.js";
import { parseClaimed, type ParseTask } from "./parseAlongside.js";

// A render worker: emits the modules of each task, then formats them (prettier is loaded only for a
// file not already in its style), and stages them when told where. Each plan comes once, with the
// first task that needs it, and is dropped when the pool says no task will name it again.
const plans = new Map<number, PackagePlan>();

/** What the pool sends: a task to render, a plan to forget, files to stat, schema texts to parse or check. */
type Message =
  { id: number; task: Task } | { forget: number } | StatTask | { parse: ParseTask } | { id: number; check: CheckTask };

parentPort!.on("message", async (message: Message) => {
  if ("forget" in message) {
    plans.delete(message.forget);
    return;
  }
  if ("parse" in message) {
    parseClaimed(message.parse);
    return;
  }
  if ("stat" in message) {
    // From the first file on, until it meets this run's main thread, which takes them from the last.
    parentPort!.postMessage({ id: message.id, results: unmatched(message.stat, 0, 1).paths });
    return;
  }
  const answer = (a: Answer) => parentPort!.postMessage(a);
  if ("check" in message) {
    try {
      answer({ id: message.id, results: runChecks(message.check) });
    } catch (e) {
      answer({ id: message.id, error: failure(e) });
    }
    return;
  }
  const { id, task } = message;
  try {
    if (task.plan) plans.set(task.planId, deserialize(task.plan) as PackagePlan);
    const files = await renderItems(plans.get(task.planId)!, task.items);
    answer({ id, results: task.into ? staged(files, task.into) : files });
  } catch (e) {
    if (e instanceof WriteError) answer({ id, writeError: e.message });
    else answer({ id, error: failure(e) });
  }
});

const failure = (e: unknown): string => (e instanceof Error ? (e.stack ?? e.message) : String(e));

/** Folders known to exist may vanish between tasks (an aborted run removes the empty ones): known per task. */
const staged = (files: Files, into: StageTarget): StagedFiles => {
  const folders = new Set<string>();
  return files.map(([path, text]) => {
    const { state, hash, stat } = stageFile(into.dir, path, text, into.write, folders, into.fresh);
    return stat ? [path, state, hash, stat] : [path, state, hash];
  });
};
