/**
 * Deterministic ids shaped like the platform's (reference §5 examples: `service-pg6ud8pa`, `usagePlan-gyeafpab`,
 * `IPStrategy-q1lk8ud2`, `api-62ud9woa`, `plugin-hnqntalp`, `AKID…`): a seeded PRNG, so runs repeat exactly.
 */
const ALNUM = "abcdefghijklmnopqrstuvwxyz0123456789";

export class Ids {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0 || 1;
  }

  /** xorshift32: small, fast and good enough for ids. */
  private nextInt(): number {
    let x = this.state;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.state = x >>> 0;
    return this.state;
  }

  chars(n: number, alphabet = ALNUM): string {
    let out = "";
    for (let i = 0; i < n; i++) out += alphabet[this.nextInt() % alphabet.length];
    return out;
  }

  next(prefix: string, n = 8): string {
    return `${prefix}-${this.chars(n)}`;
  }

  secretId(): string {
    return `AKID${this.chars(32, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")}`;
  }

  secret(n = 32): string {
    return this.chars(n, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789");
  }
}

/** `2026-01-15T09:00:00Z`: API gateway times (ISO, seconds). */
export const isoTime = (ms: number): string => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");

/** `2026-01-15 09:00:00`: VPC and anti-DDoS times (UTC here; the platform uses the region's local time). */
export const plainTime = (ms: number): string => isoTime(ms).replace("T", " ").replace("Z", "");
