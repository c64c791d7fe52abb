import { parentPort, workerData } from "node:worker_threads";
import type { PackagePlan } from "../plan/planPackage.js";
import type { Files, Role, Task } from "./emitPool.js";

const role = workerData as Role;

// A formatter warms prettier up while the main thread is still reading schemas (a cold formatter is
// twice as slow), on a sample shaped like generated code.
const SAMPLE = `import * as rt from "@sdkgen/runtime";
import { type A, aType } from "../types/a.js";
/**
 * Inputs of X: a resource.
 *
 * Import id: \`<uid>\`
 */
export interface XArgs {
  /**
   * The speed.
   *
   * Allowed values: \`1000\`, \`10000\`
   * @defaultValue \`1000\`
   */
  speed?: 1000 | 10000 | undefined;
  parts: readonly A[];
  key?: rt.SecretInput<string> | undefined;
}
/** Descriptor. */
export const xDescriptor: rt.ResourceDescriptor = { kind: "resource", name: "X", token: "p:index/x:X", fields: { speed: { wire: "speed", mode: "optional", type: { kind: "integer", constraints: { enum: [1000, 10000] } } }, parts: { wire: "parts", mode: "required", type: { kind: "list", items: { kind: "object", object: aType } } } }, secretPaths: ["key"], replaceOnChangePaths: [] };
export function validateXArgs(args: unknown): rt.ValidationIssue[] {
  return rt.validateInput("X", xDescriptor.fields, args);
}
`;

// Each role loads only its own libraries.
const ready = (async () => {
  const emit = role === "format" ? undefined : (await import("../emit/renderItems.js")).emitItems;
  const format = role === "emit" ? undefined : (await import("../format/formatFiles.js")).formatFile;
  if (role === "format") for (let i = 0; i < 8; i++) await format!("warm.ts", SAMPLE);
  return { emit, format };
})();

const plans = new Map<number, PackagePlan>();

parentPort!.on("message", async ({ id, task }: { id: number; task: Task }) => {
  try {
    const { emit, format } = await ready;
    let files: Files;
    if ("files" in task) files = task.files;
    else {
      if (task.plan) plans.set(task.planId, task.plan);
      files = emit!(plans.get(task.planId)!, task.items);
    }
    const results: Files = [];
    if (format) for (const [path, text] of files) results.push([path, await format(path, text)]);
    parentPort!.postMessage({ id, results: format ? results : files });
  } catch (e) {
    parentPort!.postMessage({ id, error: e instanceof Error ? (e.stack ?? e.message) : String(e) });
  }
});
