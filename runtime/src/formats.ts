import { isIPv4, isIPv6 } from "node:net";
import type { Format } from "./descriptor.js";

/** Checks a string against a schema format; returns what is wrong, or undefined. `family` narrows a CIDR. */
export function checkFormat(format: Format, value: string, family?: "ipv4" | "ipv6"): string | undefined {
  switch (format) {
    case "cidr":
      return checkCidr(value, family, true);
    case "cidr-ipv4":
      return checkCidr(value, "ipv4", true);
    case "cidr-ipv6":
      return checkCidr(value, "ipv6", true);
    case "ip-cidr":
      return checkCidr(value, family, false);
    case "ip":
      return isIPv4(value) || isIPv6(value) ? undefined : "must be an IPv4 or IPv6 address";
    case "mac":
      return /^(?:[0-9A-Fa-f]{2}([:-]))(?:[0-9A-Fa-f]{2}\1){4}[0-9A-Fa-f]{2}$/.test(value) ||
        /^(?:[0-9A-Fa-f]{4}\.){2}[0-9A-Fa-f]{4}$/.test(value)
        ? undefined
        : "must be a MAC address such as 00:1a:2b:3c:4d:5e";
    case "iso8601": {
      const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(
        value,
      );
      return m && realDateTime(m.slice(1).map((x) => Number(x ?? 0)))
        ? undefined
        : "must be an ISO 8601 timestamp such as 2026-01-31T12:00:00Z";
    }
    case "datetime-ymd-hms": {
      const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(value);
      return m && realDateTime(m.slice(1).map(Number)) ? undefined : "must be a time in the shape YYYY-MM-DD hh:mm:ss";
    }
    case "json":
      try {
        JSON.parse(value);
        return undefined;
      } catch {
        return "must be a JSON document";
      }
  }
}

/** Whether year, month, day, hour, minute, second name a moment that exists (no 30 February). */
function realDateTime([y, mo, d, h, mi, s]: number[]): boolean {
  return (
    mo! >= 1 &&
    mo! <= 12 &&
    d! >= 1 &&
    d! <= new Date(Date.UTC(y!, mo!, 0)).getUTCDate() &&
    h! <= 23 &&
    mi! <= 59 &&
    s! <= 59
  );
}

/**
 * A network prefix with no host bits set (`10.0.0.0/8`), of the given family if any; without
 * `canonical`, an address with a prefix length (an interface's `10.0.0.1/30`).
 */
function checkCidr(value: string, family: "ipv4" | "ipv6" | undefined, canonical: boolean): string | undefined {
  const what =
    family === "ipv4"
      ? "an IPv4 CIDR such as 10.0.0.0/24"
      : family === "ipv6"
        ? "an IPv6 CIDR such as 2001:db8::/32"
        : "a CIDR such as 10.0.0.0/24";
  const m = /^([^/]+)\/(\d{1,3})$/.exec(value);
  if (!m) return `must be ${what}`;
  const [, address, lengthText] = m as unknown as [string, string, string];
  const v4 = isIPv4(address);
  if (!(v4 || isIPv6(address)) || (family === "ipv4" && !v4) || (family === "ipv6" && v4)) return `must be ${what}`;
  const length = Number(lengthText);
  const bits = v4 ? 32 : 128;
  if (length > bits) return `must be ${what} (prefix length at most ${bits})`;
  if (!canonical) return undefined;
  const value128 = v4 ? ipv4ToBigInt(address) : ipv6ToBigInt(address);
  const hostMask = (1n << BigInt(bits - length)) - 1n;
  return (value128 & hostMask) === 0n
    ? undefined
    : `must be a network address with no host bits set (a canonical CIDR for /${length})`;
}

const ipv4ToBigInt = (a: string): bigint => a.split(".").reduce((acc, part) => (acc << 8n) | BigInt(Number(part)), 0n);

function ipv6ToBigInt(a: string): bigint {
  let text = a;
  const v4Tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4Tail) {
    const n = ipv4ToBigInt(v4Tail[1]!);
    text = text.slice(0, -v4Tail[1]!.length) + `${(n >> 16n).toString(16)}:${(n & 0xffffn).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? (text.split("::") as [string, string]) : [text, undefined];
  const h = head ? head.split(":") : [];
  const t = tail ? tail.split(":") : [];
  const groups = tail === undefined ? h : [...h, ...Array(8 - h.length - t.length).fill("0"), ...t];
  return groups.reduce((acc, g) => (acc << 16n) | BigInt(parseInt(g || "0", 16)), 0n);
}
