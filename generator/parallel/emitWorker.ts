import { deserialize } from "node:v8";
import { parentPort } from "node:worker_threads";
import { renderItems } from "./renderItems.js";
import type { PackagePlan } from "../plan/planPackage.js";
import { stageFile, WriteError } from "../write/writeTree.js";
import type { Answer, Files, StagedFiles, StageTarget, Task } from "./emitPool.js";

// A render worker: emits, formats and stages each task's files. Each plan comes once, with its first task.
const plans = new Map<number, PackagePlan>();

type Message = { id: number; task: Task } | { forget: number };

parentPort!.on("message", async (message: Message) => {
  if ("forget" in message) {
    plans.delete(message.forget);
    return;
  }
  const answer = (a: Answer) => parentPort!.postMessage(a);
  const { id, task } = message;
  try {
    if (task.plan) plans.set(task.planId, deserialize(task.plan) as PackagePlan);
    const files = await renderItems(plans.get(task.planId)!, task.items);
    answer({ id, results: staged(files, task.into) });
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
    const { state, hash } = stageFile(into.dir, path, text, into.write, folders, into.fresh);
    return [path, state, hash];
  });
};
