/**
 * Switchable faults. `faults.next({...})` arms one rule; it fires on the next `times` (default 1) requests whose
 * action (and service, when given) match, then disarms itself. The first armed rule that matches wins. Kinds:
 *   error  answer HTTP 200 with `Response.Error {code, message}` (RequestLimitExceeded[.X], InternalError,
 *          ResourceInUse, ResourceUnavailable, …), as the platform does (reference §2.1, §2.3)
 *   http   answer a non-200 HTTP status (the SDKs' `ClientError.HttpStatusCodeError` path), with
 *          `Retry-After: retryAfter` seconds when given (as a gateway in front of the API may)
 *   drop   destroy the socket without answering
 *   dropAfter handle the request (the object is made), then destroy the socket without answering
 *   delay  wait `ms` real milliseconds, then handle the request normally
 *   answer answer HTTP 200 with `Response` set to `answer` (and a RequestId), without acting: a refusal
 *          the platform reports in its answer (`{Result: false}`)
 * `latencyMs` adds a fixed real delay to every request (benchmarks). `rateLimit` refuses the requests above a
 * sustained rate with `RequestLimitExceeded` (§2.3), before any armed rule. Metadata requests match as service `metadata`
 * with the role path as action.
 */
import type { RateLimit } from "../rateLimit.js";

export type FaultKind =
  | { kind: "error"; code: string; message?: string }
  | { kind: "http"; status: number; retryAfter?: number }
  | { kind: "drop" }
  | { kind: "dropAfter" }
  | { kind: "delay"; ms: number }
  | { kind: "answer"; answer: Record<string, unknown> };

export type FaultRule = FaultKind & {
  /** Action name, or a pattern tested against it. Default: every action. */
  action?: string | RegExp;
  /** Service (`vpc`, `antiddos`, `apigateway`, `sts`, `tag`, `metadata`). Default: any. */
  service?: string;
  /** How many matching requests this rule answers. Default 1. */
  times?: number;
};

export interface ArmedFault {
  readonly rule: FaultRule;
  remaining: number;
  hits: number;
}

/** Messages the platform sends with the fault codes tests arm most. */
const MESSAGES: Record<string, string> = {
  RequestLimitExceeded:
    "Your current request times equals to `21` in a second, which exceeds the frequency limit `20`.",
  InternalError: "An internal error has occurred. Retry your request.",
  ResourceInUse: "The resource is in use.",
  ResourceUnavailable: "The resource is unavailable.",
};

export function defaultFaultMessage(code: string): string {
  return MESSAGES[code] ?? MESSAGES[code.split(".")[0] ?? ""] ?? `Injected error ${code}.`;
}

/** How the platform answers a request over its frequency limit (§2.3), naming the limit. */
const throttled = (perSecond: number): FaultKind => ({
  kind: "error",
  code: "RequestLimitExceeded",
  message: `Your current request times equals to \`${perSecond + 1}\` in a second, which exceeds the frequency limit \`${perSecond}\`.`,
});

export class Faults {
  latencyMs = 0;
  rateLimit: RateLimit | undefined;
  private armed: ArmedFault[] = [];

  next(rule: FaultRule): ArmedFault {
    const times = rule.times ?? 1;
    if (!Number.isInteger(times) || times < 1) throw new RangeError("faults.next: times must be a positive integer");
    if (rule.kind === "delay" && (!Number.isFinite(rule.ms) || rule.ms < 0 || rule.ms > 600_000))
      throw new RangeError("faults.next: delay ms must be within 0..600000");
    if (rule.kind === "http" && (!Number.isInteger(rule.status) || rule.status < 400 || rule.status > 599))
      throw new RangeError("faults.next: status must be an HTTP error status (400..599)");
    if (rule.kind === "error" && !/^[A-Za-z]+(\.[A-Za-z0-9]+)*$/.test(rule.code))
      throw new RangeError("faults.next: code must look like Word or Word.Sub");
    const fault: ArmedFault = { rule, remaining: times, hits: 0 };
    this.armed.push(fault);
    return fault;
  }

  pending(): readonly ArmedFault[] {
    return this.armed.filter((f) => f.remaining > 0);
  }

  clear(): void {
    this.armed = [];
    this.latencyMs = 0;
    this.rateLimit = undefined;
  }

  /** Consumes one match of the first armed rule matching this request, if any. */
  take(service: string, action: string): FaultKind | undefined {
    if (this.rateLimit?.refuses()) return throttled(this.rateLimit.perSecond);
    for (const fault of this.armed) {
      const { rule } = fault;
      if (fault.remaining <= 0) continue; // disarmed by its holder
      if (rule.service !== undefined && rule.service !== service) continue;
      if (rule.action !== undefined) {
        if (typeof rule.action !== "string") rule.action.lastIndex = 0; // a /g pattern must not remember the last match
        const hit = typeof rule.action === "string" ? rule.action === action : rule.action.test(action);
        if (!hit) continue;
      }
      fault.remaining--;
      fault.hits++;
      this.armed = this.armed.filter((f) => f.remaining > 0);
      return rule;
    }
    return undefined;
  }
}
