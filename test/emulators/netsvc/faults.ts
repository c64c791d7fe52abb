/**
 * Switchable faults. `faults.next({...})` arms one rule; it fires on the next `times` (default 1) requests whose
 * method and raw target (path plus query, e.g. `/v4/networkdesign/buy`) match, then disarms itself. The first armed
 * rule that matches wins. Kinds:
 *   status      answer `status` with an error body (and `Retry-After: retryAfter` seconds when given)
 *   drop        destroy the socket without answering (the client sees a connection reset)
 *   dropAfter   handle the request (an order is placed), then destroy the socket without answering
 *   delay       wait `ms` real milliseconds, then handle the request normally
 *   expireToken expire the bearer token the request carries, so it is answered 401 and later calls too
 * `latencyMs` adds a fixed real delay to every request (benchmarks). `rateLimit` refuses the requests above a
 * sustained rate with 429 and `Retry-After: 1`, before any armed rule.
 */
import { STATUS_CODES } from "node:http";
import type { RateLimit } from "../rateLimit.js";

/** How the API answers a request over its rate limit (reference §1: 429, Retry-After in seconds). */
const THROTTLED: FaultKind = { kind: "status", status: 429, retryAfter: 1 };

export type FaultKind =
  | { kind: "status"; status: number; retryAfter?: number; message?: string; data?: string | null }
  | { kind: "drop" }
  | { kind: "dropAfter" }
  | { kind: "delay"; ms: number }
  | { kind: "expireToken" };

export type FaultRule = FaultKind & {
  /** Substring of, or pattern tested against, the raw request target. Default: every request. */
  path?: string | RegExp;
  /** HTTP method, case-insensitive. Default: any. */
  method?: string;
  /** How many matching requests this rule answers. Default 1. */
  times?: number;
  /** How many matching requests pass untouched before it answers. Default 0. */
  skip?: number;
};

export interface ArmedFault {
  readonly rule: FaultRule;
  /** Matches still to let pass. */
  skip: number;
  /** Matches still to come. */
  remaining: number;
  /** Matches so far. */
  hits: number;
}

export class Faults {
  /** Real milliseconds added to every request before it is handled. */
  latencyMs = 0;
  rateLimit: RateLimit | undefined;
  private armed: ArmedFault[] = [];

  next(rule: FaultRule): ArmedFault {
    const times = rule.times ?? 1;
    if (!Number.isInteger(times) || times < 1) throw new RangeError("faults.next: times must be a positive integer");
    if (rule.kind === "delay" && (!Number.isFinite(rule.ms) || rule.ms < 0 || rule.ms > 600_000))
      throw new RangeError("faults.next: delay ms must be within 0..600000");
    if (rule.kind === "status" && (!Number.isInteger(rule.status) || rule.status < 400 || rule.status > 599))
      throw new RangeError("faults.next: status must be an HTTP error status (400..599)");
    const fault: ArmedFault = { rule, skip: rule.skip ?? 0, remaining: times, hits: 0 };
    this.armed.push(fault);
    return fault;
  }

  /** Rules that still have matches to come. */
  pending(): readonly ArmedFault[] {
    return this.armed.filter((f) => f.remaining > 0);
  }

  clear(): void {
    this.armed = [];
    this.latencyMs = 0;
    this.rateLimit = undefined;
  }

  /** Consumes one match of the first armed rule matching this request, if any. */
  take(method: string, target: string): FaultKind | undefined {
    if (this.rateLimit?.refuses()) return THROTTLED;
    for (const fault of this.armed) {
      if (fault.remaining <= 0) continue;
      const { rule } = fault;
      if (rule.method !== undefined && rule.method.toUpperCase() !== method.toUpperCase()) continue;
      if (rule.path !== undefined) {
        if (typeof rule.path !== "string") rule.path.lastIndex = 0; // a /g pattern must not remember the last match
        const hit = typeof rule.path === "string" ? target.includes(rule.path) : rule.path.test(target);
        if (!hit) continue;
      }
      if (fault.skip > 0) {
        fault.skip--;
        continue;
      }
      fault.remaining--;
      fault.hits++;
      this.armed = this.armed.filter((f) => f.remaining > 0);
      return rule;
    }
    return undefined;
  }
}

export function defaultFaultMessage(status: number): string {
  return STATUS_CODES[status] ?? `HTTP ${status}`;
}
