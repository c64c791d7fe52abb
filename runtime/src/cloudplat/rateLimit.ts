import { abortableSleep } from "../sleep.js";

/** Calls per second allowed per action, and how many may go at once after a quiet spell. */
export interface RateLimit {
  readonly perSecond: number;
  readonly burst: number;
}

/** The reference provider's client-side limit: 15 calls per second per action (wire reference §2.3). */
export const DEFAULT_RATE_LIMIT: RateLimit = { perSecond: 15, burst: 15 };

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * A token bucket per action. A caller takes a token even when none is left (the count goes negative)
 * and waits until its token would have been refilled, so waiters leave in arrival order and the
 * long-run rate never exceeds the limit.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly limit: RateLimit = DEFAULT_RATE_LIMIT,
    private readonly now: () => number = Date.now,
    private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void> = abortableSleep,
  ) {}

  /** Milliseconds the caller must wait before its call to `key` may leave (0 almost always). */
  reserve(key: string): number {
    const now = this.now();
    let bucket = this.buckets.get(key);
    if (!bucket) this.buckets.set(key, (bucket = { tokens: this.limit.burst, at: now }));
    bucket.tokens = Math.min(this.limit.burst, bucket.tokens + ((now - bucket.at) * this.limit.perSecond) / 1000);
    bucket.at = now;
    bucket.tokens -= 1;
    return bucket.tokens >= 0 ? 0 : Math.ceil((-bucket.tokens * 1000) / this.limit.perSecond);
  }

  async take(key: string, signal?: AbortSignal): Promise<void> {
    const wait = this.reserve(key);
    if (wait > 0) await this.sleep(wait, signal);
  }
}
