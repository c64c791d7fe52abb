import { abortableSleep } from "../sleep.js";

/** What a poll saw: done, still going, failed for good, or stopped on something only a person can do. */
export type WaitVerdict =
  | { readonly state: "ready"; readonly status: string }
  | { readonly state: "pending"; readonly status: string }
  | { readonly state: "failed"; readonly status: string; readonly message: string }
  | { readonly state: "blocked"; readonly status: string; readonly message: string };

export interface WaitOptions {
  /** Total time to wait for a ready verdict. */
  readonly timeoutMs: number;
  readonly firstDelayMs?: number | undefined;
  readonly maxDelayMs?: number;
  readonly signal?: AbortSignal | undefined;
  /** Called whenever the observed status changes (and once at the start). */
  readonly onProgress?: ((status: string, elapsedMs: number) => void) | undefined;
  readonly now?: () => number;
  readonly sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export type WaitResult<T> =
  | { readonly outcome: "ready"; readonly value: T; readonly status: string }
  | { readonly outcome: "failed" | "blocked"; readonly value: T; readonly status: string; readonly message: string }
  | { readonly outcome: "timeout"; readonly value: T | undefined; readonly status: string | undefined };

/**
 * Polls `read` until `classify` says ready, failed or blocked, or the time runs out: at once, then with
 * a delay that doubles up to a ceiling. It never throws for a verdict; the caller decides, so the
 * object's id is always at hand for the error it raises.
 */
export async function waitFor<T>(
  read: () => Promise<T>,
  classify: (value: T) => WaitVerdict,
  options: WaitOptions,
): Promise<WaitResult<T>> {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? abortableSleep;
  const started = now();
  let delay = options.firstDelayMs ?? 2_000;
  let last: { value: T; status: string } | undefined;
  for (;;) {
    const value = await read();
    const verdict = classify(value);
    if (verdict.status !== last?.status) options.onProgress?.(verdict.status, now() - started);
    last = { value, status: verdict.status };
    if (verdict.state === "ready") return { outcome: "ready", value, status: verdict.status };
    if (verdict.state !== "pending")
      return { outcome: verdict.state, value, status: verdict.status, message: verdict.message };
    const left = options.timeoutMs - (now() - started);
    if (left <= 0) return { outcome: "timeout", value, status: verdict.status };
    await sleep(Math.min(delay, left), options.signal);
    delay = Math.min(delay * 2, options.maxDelayMs ?? 30_000);
  }
}
