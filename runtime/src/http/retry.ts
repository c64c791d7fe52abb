import { abortableSleep } from "../sleep.js";
import { ServiceError, TransportError } from "./errors.js";

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  readonly maxAttempts: number;
  /** First backoff ceiling; it doubles per attempt up to `maxDelayMs` (full jitter below it). */
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
  /** A Retry-After beyond this is cut to it. */
  readonly maxRetryAfterMs: number;
  /** The whole call's budget: no retry starts once the attempts so far and the wait would exceed it. */
  readonly budgetMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = {
  maxAttempts: 4,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 30_000,
  budgetMs: 60_000,
};

/**
 * Whether a failed attempt may be repeated. Throttling (429) and transient gateway errors (502, 503,
 * 504) are retried, and so are lost connections, unless the request is an order (`once`): an order is
 * repeated only where the server cannot have acted on it, a 429 or a refused connection, so a
 * product is never bought twice.
 */
export function retryable(error: unknown, once: boolean): boolean {
  if (error instanceof ServiceError) return error.status === 429 || (!once && [502, 503, 504].includes(error.status));
  if (error instanceof TransportError) return !once || !error.mayHaveReachedServer;
  return false;
}

/** Full-jitter exponential backoff (AWS's "full jitter"): random in [0, min(max, base * 2^attempt)]. */
export const backoff = (policy: RetryPolicy, attempt: number, random = Math.random): number =>
  Math.floor(random() * Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt));

/** Retry-After in milliseconds (delta seconds or an HTTP date), capped; undefined when absent or unreadable. */
export function retryAfterMs(
  header: string | null | undefined,
  policy: RetryPolicy,
  now = Date.now(),
): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - now;
  return Number.isFinite(ms) ? Math.min(Math.max(ms, 0), policy.maxRetryAfterMs) : undefined;
}

export interface RetryOptions {
  readonly policy: RetryPolicy;
  /** An order: see `retryable`. */
  readonly once: boolean;
  readonly signal?: AbortSignal | undefined;
  /** Called before each wait, for logging. */
  readonly onRetry?: ((attempt: number, delayMs: number, error: unknown) => void) | undefined;
  readonly sleep?: ((ms: number, signal?: AbortSignal) => Promise<void>) | undefined;
  /** Replaces `retryable` for protocols whose errors say more than the HTTP status (error codes in a 200); `attempts` made so far. */
  readonly retryable?: ((error: unknown, once: boolean, attempts: number) => boolean) | undefined;
}

/** Runs `attempt` until it succeeds, fails for good, or the policy's attempts or budget run out. */
export async function withRetries<T>(attempt: (n: number) => Promise<T>, options: RetryOptions): Promise<T> {
  const { policy } = options;
  const sleep = options.sleep ?? abortableSleep;
  // What the call has cost so far: its waits, and its attempts' own time (an endpoint that never
  // answers costs a timeout per attempt).
  let spent = 0;
  for (let n = 0; ; n++) {
    const started = performance.now();
    try {
      return await attempt(n);
    } catch (e) {
      spent += performance.now() - started;
      if (n + 1 >= policy.maxAttempts || !(options.retryable ?? retryable)(e, options.once, n + 1)) throw e;
      const hinted = e instanceof ServiceError ? e.retryAfterMs : undefined;
      const delay = hinted ?? backoff(policy, n);
      if (spent + delay > policy.budgetMs) throw e;
      options.onRetry?.(n + 1, delay, e);
      await sleep(delay, options.signal);
      spent += delay;
    }
  }
}
