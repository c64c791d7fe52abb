import { parentPort, workerData } from "node:worker_threads";
import type { PackagePlan } from "../plan/planPackage.js";
import type { Files, Role, Task } from "./emitPool.js";

const role = workerData as Role;

// A formatter warms prettier up while the main thread is still reading schemas (a cold formatter is
// twice as slow), on a sample shaped like generated code: most modules are emitted in its style and
// never reach it, but those with a line over 120 columns (long names) do.
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

// Each role loads its own library first; an emitter loads prettier too once it is asked to format
// (after emitting, it helps the formatter).
const emit = role === "format" ? undefined : import("../emit/renderItems.js").then((m) => m.emitItems);
let format: Promise<(path: string, text: string) => Promise<string>> | undefined =
  role === "emit"
    ? undefined
    : import("../format/formatFiles.js").then(async ({ formatFile, warmUp }) => {
        // The sample is in prettier's style, so formatFile would pass it through: prettier itself is warmed.
        if (role === "format") await warmUp(SAMPLE, 8);
        return formatFile;
      });
const formatter = () => (format ??= import("../format/formatFiles.js").then((m) => m.formatFile));

const plans = new Map<number, PackagePlan>();

parentPort!.on("message", async ({ id, task }: { id: number; task: Task }) => {
  try {
    let files: Files;
    let formatIt = role !== "emit";
    if ("files" in task) {
      files = task.files;
      formatIt = true;
    } else {
      if (task.plan) plans.set(task.planId, task.plan);
      files = (await emit!)(plans.get(task.planId)!, task.items);
    }
    const results: Files = [];
    if (formatIt) for (const [path, text] of files) results.push([path, await (await formatter())(path, text)]);
    parentPort!.postMessage({ id, results: formatIt ? results : files });
  } catch (e) {
    parentPort!.postMessage({ id, error: e instanceof Error ? (e.stack ?? e.message) : String(e) });
  }
});
