/**
 * A sustained rate limit, as both services enforce one: at most `perSecond` requests admitted in any
 * second of real time (the SDK's backoff runs in real time, whatever the virtual clock does); the
 * others are refused, each emulator answering as its service does when it throttles.
 */
export class RateLimit {
  /** Requests refused so far. */
  hits = 0;
  /** Arrival times (performance.now()) of the requests admitted in the last second. */
  #admitted: number[] = [];

  constructor(readonly perSecond: number) {
    if (!Number.isInteger(perSecond) || perSecond < 1)
      throw new RangeError("rate limit: perSecond must be an integer >= 1");
  }

  /** Whether a request arriving now is over the limit (then it counts as a hit, not as admitted). */
  refuses(now = performance.now()): boolean {
    this.#admitted = this.#admitted.filter((at) => now - at < 1000);
    if (this.#admitted.length < this.perSecond) {
      this.#admitted.push(now);
      return false;
    }
    this.hits++;
    return true;
  }
}
