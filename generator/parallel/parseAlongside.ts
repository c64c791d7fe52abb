import { MessageChannel, receiveMessageOnPort, type MessagePort, type Worker } from "node:worker_threads";
import { quickData } from "../load/quickParse.js";
import { Claims } from "./claims.js";

/**
 * Schema texts for a worker to read quickly (quickData) while the main thread does the same: each
 * thread reads the texts it claims, the worker from the last. Its answer comes on `port`, and `done`
 * wakes the main thread, which waits for it blocking (the load is synchronous).
 */
export interface ParseTask {
  readonly texts: readonly string[];
  readonly claims: SharedArrayBuffer;
  readonly port: MessagePort;
  readonly done: SharedArrayBuffer;
}

/** Each text the worker read, by index, with its data; one the quick reading refused is left out. */
type Parsed = [index: number, data: Record<string, unknown>][];

/**
 * The longest the main thread waits for a worker that claimed texts. It has at most one text in hand
 * when the main thread gets there, so only a worker that died takes this long; its texts are then read
 * here.
 */
const ANSWER_MS = 30_000;

/** A wait for the worker's answer, and what stops waiting for one no longer needed. */
export interface PendingParse {
  /** The worker's data by index, once it has answered; undefined when it never did. */
  answer(): ReadonlyMap<number, Record<string, unknown>> | undefined;
  drop(): void;
}

/** Sends `worker` a ParseTask (its `parse` message). */
export function parseOn(worker: Worker, texts: readonly string[], claims: SharedArrayBuffer): PendingParse {
  const { port1, port2 } = new MessageChannel();
  const done = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
  worker.postMessage({ parse: { texts, claims, port: port2, done } satisfies ParseTask }, [port2]);
  return {
    answer() {
      const woke = Atomics.wait(new Int32Array(done), 0, 0, ANSWER_MS);
      const parsed = woke === "timed-out" ? undefined : (receiveMessageOnPort(port1)?.message as Parsed | undefined);
      port1.close();
      return parsed && new Map(parsed);
    },
    drop: () => port1.close(),
  };
}

/** The worker's side: reads the texts it claims, from the last, until it meets the main thread's. */
export function parseClaimed({ texts, claims, port, done }: ParseTask): void {
  const mine = new Claims(claims);
  const parsed: Parsed = [];
  try {
    for (let i = texts.length - 1; i >= 0 && mine.claim(i); i--) {
      const data = quickData(texts[i]!);
      if (data) parsed.push([i, data]);
    }
    port.postMessage(parsed);
  } catch {
    // No answer: the main thread reads the texts itself.
  } finally {
    port.close();
    const flag = new Int32Array(done);
    Atomics.store(flag, 0, 1);
    Atomics.notify(flag, 0);
  }
}
