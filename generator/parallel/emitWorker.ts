import { deserialize } from "node:v8";
import { parentPort } from "node:worker_threads";
import { renderItems } from "../emit/renderItems.js";
import type { PackagePlan } from "../plan/planPackage.js";
import type { Task } from "./emitPool.js";

// A render worker: emits the modules of each task, then formats them (prettier is loaded only for a
// file not already in its style). Each plan comes once, with the first task that needs it, and is
// dropped when the pool says no task will name it again.
const plans = new Map<number, PackagePlan>();

parentPort!.on("message", async (message: { id: number; task: Task } | { forget: number }) => {
  if ("forget" in message) {
    plans.delete(message.forget);
    return;
  }
  const { id, task } = message;
  try {
    if (task.plan) plans.set(task.planId, deserialize(task.plan) as PackagePlan);
    parentPort!.postMessage({ id, results: await renderItems(plans.get(task.planId)!, task.items) });
  } catch (e) {
    parentPort!.postMessage({ id, error: e instanceof Error ? (e.stack ?? e.message) : String(e) });
  }
});
