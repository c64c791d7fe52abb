import { NotFoundError, ServiceError, type ResourceRef } from "../http/errors.js";
import { Log, redact } from "../http/log.js";
import type { Network } from "../http/network.js";
import { DEFAULT_RETRY, retryable, retryAfterMs, withRetries, type RetryPolicy } from "../http/retry.js";
import { send } from "../http/transport.js";
import type { Secret } from "../secret.js";
import { TokenSource } from "./oauth.js";

/** The service's 400 that means "no such product" (wire reference §2.2). */
const NOT_FOUND_400 = /Could not find a service with UID/i;

export interface NetsvcClientOptions {
  readonly apiBase: string;
  readonly tokenUrl: string;
  /** Where the addresses come from, for an error about them: `from NETSVC_ENDPOINT`, `the staging environment's`. */
  readonly origin?: string | undefined;
  readonly accessKey: string;
  readonly secretKey: Secret<string>;
  readonly timeoutMs?: number | undefined;
  readonly retry?: RetryPolicy | undefined;
  readonly userAgent?: string | undefined;
  /** The provider's agents and proxies (default: straight to the host). */
  readonly network?: Network | undefined;
  /** The provider's log (default: the SDKGEN_DEBUG sink only). */
  readonly log?: Log | undefined;
}

export interface CallOptions {
  readonly body?: unknown;
  /**
   * Repeated only where the server cannot have acted on it (see `retryable`). Default: true for POST,
   * which may create something; an idempotent POST (a validation) passes false.
   */
  readonly once?: boolean;
  readonly resource?: ResourceRef | undefined;
  readonly signal?: AbortSignal | undefined;
  /** Values to keep out of debug logs besides the credentials (secret inputs of this call). */
  readonly secrets?: readonly string[];
}

/**
 * The netsvc protocol: bearer tokens from OAuth client credentials, the `{message, terms, data}`
 * envelope, error payloads `{message, data, trace_id}` with the Trace-Id header, retries per policy,
 * and one token refresh on a 401.
 */
export class NetsvcClient {
  private readonly tokens: TokenSource;
  private readonly timeoutMs: number;
  private readonly retry: RetryPolicy;
  private readonly userAgent: string;
  private readonly log: Log;

  constructor(private readonly options: NetsvcClientOptions) {
    this.timeoutMs = options.timeoutMs ?? 60_000;
    this.retry = options.retry ?? DEFAULT_RETRY;
    this.userAgent = options.userAgent ?? "sdkgen-netsvc";
    this.log = options.log ?? new Log();
    this.tokens = new TokenSource(options.tokenUrl, options.accessKey, options.secretKey, {
      timeoutMs: this.timeoutMs,
      network: options.network,
      origin: options.origin,
    });
  }

  /** `data` of the envelope (undefined for action endpoints that return none). */
  async call<T = unknown>(method: string, path: string, options: CallOptions = {}): Promise<T> {
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    // Built only when needed (a log line, an error): this path runs on every request.
    const secrets = (token?: string) => [
      this.options.secretKey.reveal(),
      ...(options.secrets ?? []),
      ...(token ? [token] : []),
    ];
    const ref = () => ({ method, path: path.split("?")[0]! });
    const url = this.options.apiBase + path;
    return withRetries(
      async () => {
        // An expired or revoked token gets one fresh token and one more try, inside this attempt.
        let res: Awaited<ReturnType<typeof send>>;
        let token: string;
        for (let auth = 0; ; auth++) {
          token = this.tokens.current() ?? (await this.tokens.token(options.signal));
          if (this.log.enabled())
            this.log.write(
              "debug",
              `${method} ${path}`,
              body === undefined ? {} : { body: JSON.parse(body) as unknown },
              secrets(token),
            );
          const headers: Record<string, string> = {
            authorization: `Bearer ${token}`,
            accept: "application/json",
            "user-agent": this.userAgent,
          };
          if (method !== "GET") headers["content-type"] = "application/json";
          res = await send({ method, url, headers, body }, ref(), {
            timeoutMs: this.timeoutMs,
            signal: options.signal,
            network: this.options.network,
            origin: this.options.origin,
          });
          if (res.status !== 401 || auth > 0) break;
          this.tokens.invalidate();
        }
        const payload = parse(res.text);
        if (this.log.enabled())
          this.log.write(
            "debug",
            `${method} ${path} -> ${res.status}`,
            { traceId: res.headers.get("trace-id") },
            secrets(token),
          );
        if (res.status >= 200 && res.status < 300) return (payload?.data ?? undefined) as T;
        const traceId = res.headers.get("trace-id") ?? stringField(payload, "trace_id");
        // Redacted before any cut: a service may echo an input (a key, a licence) back in its error.
        const text = (t: string) => redact(t, secrets(token));
        const message =
          stringField(payload, "message") ?? (text(res.text.trim()).slice(0, 300) || `HTTP ${res.status}`);
        const detail = stringField(payload, "data") ?? stringField(payload, "error");
        const full = text(detail && detail !== message ? `${message} (${detail})` : message);
        const extras = {
          resource: options.resource,
          traceId,
          retryAfterMs: retryAfterMs(res.headers.get("retry-after"), this.retry),
        };
        if (res.status === 404 || (res.status === 400 && NOT_FOUND_400.test(full)))
          throw new NotFoundError(ref(), res.status, full, extras);
        throw new ServiceError(ref(), res.status, full, extras);
      },
      {
        policy: this.retry,
        // A POST may create something: repeated only where the server cannot have acted on it.
        once: options.once ?? method === "POST",
        // A read is safe to repeat, so a 500 (often a passing fault right after an order) is retried too.
        retryable: (e, once) =>
          retryable(e, once) || (method === "GET" && e instanceof ServiceError && e.status === 500),
        signal: options.signal,
        onRetry: (attempt, delay, error) =>
          this.log.write(
            "info",
            `retry ${attempt} of ${method} ${path} in ${delay} ms`,
            { error: String(error) },
            secrets(),
          ),
      },
    );
  }
}

function parse(text: string): Record<string, unknown> | undefined {
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

const stringField = (o: Record<string, unknown> | undefined, key: string): string | undefined =>
  typeof o?.[key] === "string" && o[key] !== "" ? (o[key] as string) : undefined;
