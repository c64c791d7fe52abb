/**
 * Deterministic identifiers: a seeded PRNG (splitmix32) shapes UUIDs (version 4 layout) and opaque tokens, and plain
 * counters give the numeric ids. Two emulators started with the same seed and driven by the same requests hand out
 * the same ids, which keeps test output stable.
 */
export class Ids {
  private s: number;
  private readonly counters = new Map<string, number>();

  constructor(seed: number) {
    this.s = seed >>> 0;
  }

  private next32(): number {
    this.s = (this.s + 0x9e3779b9) >>> 0;
    let z = this.s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  }

  private hex(words: number): string {
    let out = "";
    for (let i = 0; i < words; i++) out += this.next32().toString(16).padStart(8, "0");
    return out;
  }

  /** A lower-case UUID in the version-4 layout. */
  uuid(): string {
    const h = this.hex(4);
    const variant = ((parseInt(h.charAt(16), 16) & 0x3) | 0x8).toString(16);
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
  }

  /** An opaque bearer token (64 hex characters). */
  token(): string {
    return this.hex(8);
  }

  /** Next value of a named counter; the first call returns `start`. */
  counter(name: string, start: number): number {
    const value = this.counters.get(name) ?? start;
    this.counters.set(name, value + 1);
    return value;
  }
}
