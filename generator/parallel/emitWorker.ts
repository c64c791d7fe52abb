import { statSync } from "node:fs";
import { deserialize } from "node:v8";
import { parentPort } from "node:worker_threads";
import { isRacy, statSignature } from "../hash.js";
import { collectSources, type Parsed } from "../load/loadSchemas.js";
import { lazySource, parseSource } from "../load/sourceDoc.js";
import { renderItems } from "./renderItems.js";
import type { PackagePlan } from "../plan/planPackage.js";
import { checkAgain } from "../reuse/checks.js";
import { fileStager, WriteError } from "../write/writeTree.js";
import type { Answer, Checks, CheckTask, Files, Seen, StagedFiles, StageTarget, Task } from "./emitPool.js";

// The worker: checks the schemas it is sent, stats the files it is named, and emits, formats and stages
// each task's files. Each plan comes once, with its first task.
const plans = new Map<number, PackagePlan>();

type Message =
  | { id: number; task: Task }
  | { id: number; check: CheckTask }
  | { id: number; seen: readonly string[] }
  | { forget: number };

parentPort!.on("message", async (message: Message) => {
  if ("forget" in message) {
    plans.delete(message.forget);
    return;
  }
  const answer = (a: Answer) => parentPort!.postMessage(a);
  const { id } = message;
  try {
    if ("check" in message) return answer({ id, checks: checked(message.check) });
    if ("seen" in message) return answer({ id, seen: message.seen.map(seen) });
    const { task } = message;
    if (task.plan) plans.set(task.planId, deserialize(task.plan) as PackagePlan);
    const files = await renderItems(plans.get(task.planId)!, task.items);
    answer({ id, results: staged(files, task.into) });
  } catch (e) {
    if (e instanceof WriteError) answer({ id, writeError: e.message });
    else answer({ id, error: failure(e) });
  }
});

/** The data of the last check's texts, by their hash: this thread is sent only what it does not hold. */
let held = new Map<string, unknown>();

function checked({ listing, read, only, before }: CheckTask): Checks {
  const next = new Map<string, unknown>();
  const parsed = listing.texts.map(({ text, meta }, i): Parsed => {
    const r = read[i];
    if (!r) return parseSource(text, meta);
    const data = "data" in r ? r.data : held.get(meta.hash);
    if (data !== undefined) next.set(meta.hash, data);
    // A text this thread was not sent parsed again: it parsed on the main thread, and parses so here.
    const dataOf = () => data ?? parseSource(text, meta).source!.data;
    return { source: lazySource(() => text, meta, dataOf, r.outline), diagnostics: [] };
  });
  held = next;
  return checkAgain(collectSources(listing, parsed), only, before);
}

function seen(path: string): Seen {
  try {
    const stat = statSync(path);
    return { signature: statSignature(stat), racy: isRacy(stat) };
  } catch {
    return undefined;
  }
}

const failure = (e: unknown): string => (e instanceof Error ? (e.stack ?? e.message) : String(e));

/** A task's files staged (by a stager of its own: the folders it made may vanish before the next task). */
const staged = (files: Files, into: StageTarget): StagedFiles => {
  const stage = fileStager(into.dir, into.write, into.fresh);
  return files.map(([path, text]) => {
    const { state, hash } = stage(path, text);
    return [path, state, hash];
  });
};
