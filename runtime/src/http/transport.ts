import type { RequestRef } from "./errors.js";
import { TransportError } from "./errors.js";

export interface HttpRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string | undefined;
}

export interface HttpResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
}

export interface SendOptions {
  /** Per-attempt timeout in milliseconds. */
  readonly timeoutMs: number;
  /** The caller's cancellation: aborts the attempt and any retry wait. */
  readonly signal?: AbortSignal | undefined;
}

/**
 * One HTTP exchange on Node's fetch (undici keeps connections alive between calls). Failures without
 * an answer become TransportError, classified by whether the server may have received the request:
 * a refused connection cannot have reached it; a reset, drop or timeout may have.
 */
export async function send(req: HttpRequest, ref: RequestRef, options: SendOptions): Promise<HttpResponse> {
  // A timer cleared once the body is read: AbortSignal.timeout would cost ten times more per call and
  // leave its timer pending for the whole timeout.
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout.signal]) : timeout.signal;
  try {
    const res = await fetch(req.url, { method: req.method, headers: req.headers, body: req.body ?? null, signal });
    return { status: res.status, headers: res.headers, text: await res.text() };
  } catch (e) {
    if (options.signal?.aborted) throw options.signal.reason ?? e;
    if (timeout.signal.aborted) throw new TransportError(ref, `timed out after ${options.timeoutMs} ms`, true);
    const code = causeCode(e);
    throw new TransportError(
      ref,
      code ? `connection failed (${code})` : `connection failed (${(e as Error).message})`,
      code !== "ECONNREFUSED",
    );
  } finally {
    clearTimeout(timer);
  }
}

function causeCode(e: unknown): string | undefined {
  for (let c: unknown = e; c && typeof c === "object"; c = (c as { cause?: unknown }).cause) {
    const code = (c as { code?: unknown }).code;
    if (typeof code === "string") return code;
  }
  return undefined;
}
