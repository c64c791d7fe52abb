import { parentPort, workerData } from "node:worker_threads";
import type { Files, Role, Task } from "./emitPool.js";

const role = workerData as Role;

// Each role loads only its own library. The formatter warms prettier up while the main thread is
// still reading schemas (a cold formatter is twice as slow), on a sample shaped like generated code.
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

const ready = (async () => {
  if (role === "emit") return { emit: (await import("../emit/renderItems.js")).emitItems };
  const { formatFile } = await import("../format/formatFiles.js");
  for (let i = 0; i < 8; i++) await formatFile("warm.ts", SAMPLE);
  return { formatFile };
})();

parentPort!.on("message", async ({ id, task }: { id: number; task: Task }) => {
  try {
    const lib = await ready;
    let results: Files;
    if ("files" in task) {
      results = [];
      for (const [path, text] of task.files) results.push([path, await lib.formatFile!(path, text)]);
    } else results = lib.emit!(task.plan, task.items);
    parentPort!.postMessage({ id, results });
  } catch (e) {
    parentPort!.postMessage({ id, error: e instanceof Error ? (e.stack ?? e.message) : String(e) });
  }
});
