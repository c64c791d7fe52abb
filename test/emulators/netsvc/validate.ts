/**
 * Typed readers for request bodies. Each failure is a 400 naming the offending field, e.g.
 * "networkDesign[0].portSpeed must be an integer". Types are checked strictly (a number sent as a string is refused)
 * so that an SDK encoding mistake shows up as a failing test. `null` counts as "absent" for optional fields, and
 * unknown keys are ignored (reference §1.3).
 */
import { badRequest } from "./envelope.js";

export const CONTRACT_TERMS = [1, 12, 24, 36, 48, 60] as const;

export type Json = Record<string, unknown>;

export function isObject(v: unknown): v is Json {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

export class Fields {
  constructor(
    readonly raw: Json,
    readonly where: string,
  ) {}

  static of(value: unknown, where: string): Fields {
    if (!isObject(value)) throw badRequest(`${where} must be a JSON object`);
    return new Fields(value, where);
  }

  private path(key: string): string {
    return this.where ? `${this.where}.${key}` : key;
  }

  has(key: string): boolean {
    return this.raw[key] !== undefined && this.raw[key] !== null;
  }

  private present(key: string): unknown {
    const v = this.raw[key];
    if (v === undefined || v === null) throw badRequest(`${this.path(key)} is required`);
    return v;
  }

  string(key: string, opts: { allowEmpty?: boolean; max?: number } = {}): string {
    const v = this.present(key);
    if (typeof v !== "string") throw badRequest(`${this.path(key)} must be a string`);
    if (!opts.allowEmpty && v.trim() === "") throw badRequest(`${this.path(key)} must not be empty`);
    if (opts.max !== undefined && v.length > opts.max)
      throw badRequest(`${this.path(key)} must be at most ${opts.max} characters`);
    return v;
  }

  optString(key: string, opts: { allowEmpty?: boolean; max?: number } = {}): string | undefined {
    return this.has(key) ? this.string(key, { allowEmpty: opts.allowEmpty ?? true, ...opts }) : undefined;
  }

  int(key: string, range: { min?: number; max?: number } = {}): number {
    const v = this.present(key);
    if (typeof v !== "number" || !Number.isInteger(v)) throw badRequest(`${this.path(key)} must be an integer`);
    if (range.min !== undefined && v < range.min) throw badRequest(`${this.path(key)} must be >= ${range.min}`);
    if (range.max !== undefined && v > range.max) throw badRequest(`${this.path(key)} must be <= ${range.max}`);
    return v;
  }

  optInt(key: string, range: { min?: number; max?: number } = {}): number | undefined {
    return this.has(key) ? this.int(key, range) : undefined;
  }

  oneOf<T extends number | string>(key: string, allowed: readonly T[]): T {
    const v = this.present(key);
    const hit = allowed.find((a) => a === v);
    if (hit === undefined)
      throw badRequest(`${this.path(key)} must be one of ${allowed.join(", ")} (got ${JSON.stringify(v)})`);
    return hit;
  }

  optOneOf<T extends number | string>(key: string, allowed: readonly T[]): T | undefined {
    return this.has(key) ? this.oneOf(key, allowed) : undefined;
  }

  bool(key: string): boolean {
    const v = this.present(key);
    if (typeof v !== "boolean") throw badRequest(`${this.path(key)} must be a boolean`);
    return v;
  }

  optBool(key: string): boolean | undefined {
    return this.has(key) ? this.bool(key) : undefined;
  }

  array(key: string, opts: { min?: number; max?: number } = {}): unknown[] {
    const v = this.present(key);
    if (!Array.isArray(v)) throw badRequest(`${this.path(key)} must be an array`);
    if (opts.min !== undefined && v.length < opts.min)
      throw badRequest(`${this.path(key)} must have at least ${opts.min} item(s)`);
    if (opts.max !== undefined && v.length > opts.max)
      throw badRequest(`${this.path(key)} must have at most ${opts.max} item(s)`);
    return v;
  }

  optArray(key: string, opts: { min?: number; max?: number } = {}): unknown[] | undefined {
    return this.has(key) ? this.array(key, opts) : undefined;
  }

  /** Items of an array as Fields, each named `key[i]`. */
  objects(key: string, opts: { min?: number; max?: number } = {}): Fields[] {
    return this.array(key, opts).map((item, i) => Fields.of(item, `${this.path(key)}[${i}]`));
  }

  optObjects(key: string, opts: { min?: number; max?: number } = {}): Fields[] | undefined {
    return this.has(key) ? this.objects(key, opts) : undefined;
  }

  object(key: string): Fields {
    return Fields.of(this.present(key), this.path(key));
  }

  optObject(key: string): Fields | undefined {
    return this.has(key) ? this.object(key) : undefined;
  }

  term(key = "term"): number {
    return this.oneOf(key, CONTRACT_TERMS);
  }
}

/** `resourceTags: [{key, value}]` (reference §3, order payloads and the tags endpoint). */
export function readResourceTags(f: Fields, key = "resourceTags"): { key: string; value: string }[] {
  const items = f.objects(key, { max: 50 });
  const seen = new Set<string>();
  return items.map((t) => {
    const k = t.string("key", { max: 128 });
    const value = t.string("value", { allowEmpty: true, max: 256 });
    if (seen.has(k)) throw badRequest(`${t.where}.key duplicates the tag key ${JSON.stringify(k)}`);
    seen.add(k);
    return { key: k, value };
  });
}

/** Parses `a.b.c.d/n` or an IPv6 CIDR; returns the family and the prefix length, or undefined when malformed. */
export function parseCidr(
  text: string,
): { family: "IPv4" | "IPv6"; length: number; canonical: boolean; address: string } | undefined {
  const m = /^([^/]+)\/(\d{1,3})$/.exec(text);
  if (!m) return undefined;
  const address = m[1] ?? "";
  const length = Number(m[2]);
  const v4 = parseIpv4(address);
  if (v4 !== undefined) {
    if (length > 32) return undefined;
    const mask = length === 0 ? 0 : (0xffffffff << (32 - length)) >>> 0;
    return { family: "IPv4", length, canonical: (v4 & ~mask) >>> 0 === 0, address };
  }
  const v6 = parseIpv6(address);
  if (v6 !== undefined) {
    if (length > 128) return undefined;
    let canonical = true;
    for (let bit = length; bit < 128; bit++) {
      const word = v6[Math.floor(bit / 16)] ?? 0;
      if ((word >> (15 - (bit % 16))) & 1) canonical = false;
    }
    return { family: "IPv6", length, canonical, address };
  }
  return undefined;
}

export function parseIpv4(text: string): number | undefined {
  const parts = text.split(".");
  if (parts.length !== 4) return undefined;
  let value = 0;
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p)) return undefined;
    const n = Number(p);
    if (n > 255) return undefined;
    value = value * 256 + n;
  }
  return value >>> 0;
}

function parseIpv6(text: string): number[] | undefined {
  if (!/^[0-9a-fA-F:]+$/.test(text)) return undefined;
  const halves = text.split("::");
  if (halves.length > 2) return undefined;
  const head = halves[0] ? halves[0].split(":") : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  const words = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  const out: number[] = [];
  for (const w of words) {
    if (!/^[0-9a-fA-F]{1,4}$/.test(w)) return undefined;
    out.push(parseInt(w, 16));
  }
  return out;
}

export function requireCidr(value: string, where: string): void {
  if (!parseCidr(value))
    throw badRequest(`${where} must be an address in CIDR notation (got ${JSON.stringify(value)})`);
}

export function requireIp(value: string, where: string): void {
  if (parseIpv4(value) === undefined && parseIpv6(value) === undefined)
    throw badRequest(`${where} must be an IP address (got ${JSON.stringify(value)})`);
}
