import { ServiceError, type ResourceRef } from "../http/errors.js";
import { Log, redact } from "../http/log.js";
import type { Network } from "../http/network.js";
import { retryable, withRetries, type RetryPolicy } from "../http/retry.js";
import { send } from "../http/transport.js";
import type { CredentialProvider, Credentials } from "./credentials/types.js";
import { CloudplatError } from "./errors.js";
import { DEFAULT_RATE_LIMIT, RateLimiter, type RateLimit } from "./rateLimit.js";
import { isReadAction, mayCreate, retryableCode } from "./retryCodes.js";
import { DEFAULT_DOMAIN, SERVICE_VERSIONS } from "./services.js";
import { signRequest } from "./sign.js";

const CONTENT_TYPE = "application/json";

export interface CloudplatClientOptions {
  /** Signs every call that does not bring its own credentials. */
  readonly credentials?: CredentialProvider | undefined;
  /** Sent as X-TC-Region; left out when empty. */
  readonly region?: string | undefined;
  readonly protocol?: "HTTP" | "HTTPS" | undefined;
  /** Root domain: services are at `<service>.<domain>` (default tencentcloudapi.com). */
  readonly domain?: string | undefined;
  /**
   * A base URL that replaces `<protocol>://<service>.<domain>` for every service (a local emulator).
   * The Host signed is the one sent; the credential scope keeps the real service name.
   */
  readonly endpoint?: string | undefined;
  /** X-TC-Language (the reference provider sends en-US). */
  readonly language?: "en-US" | "zh-CN" | undefined;
  readonly timeoutMs?: number | undefined;
  readonly retry?: RetryPolicy | undefined;
  /** Per-action client-side limit, or false for none. */
  readonly rateLimit?: RateLimit | false | undefined;
  /** Epoch milliseconds, for X-TC-Timestamp. */
  readonly now?: (() => number) | undefined;
  /** The provider's agents and proxies (default: straight to the host). */
  readonly network?: Network | undefined;
  /** The provider's log (default: the SDKGEN_DEBUG sink only). */
  readonly log?: Log | undefined;
}

export interface CloudplatCallOptions {
  /** Defaults to the service's version in SERVICE_VERSIONS. */
  readonly version?: string | undefined;
  /**
   * Whether the action only reads (default: by its name, Describe*, Get*, …). Reads are retried on
   * InternalError; the retry window is a read's or a write's.
   */
  readonly read?: boolean | undefined;
  /**
   * Whether the call must not be sent again where the platform may have acted on it (a lost answer, a
   * 5xx): an order, or an exchange spending a one-time code. Default: a write that may make an object
   * (mayCreate).
   */
  readonly once?: boolean | undefined;
  /** More error codes (or code prefixes) to retry for this call. */
  readonly retryCodes?: readonly string[] | undefined;
  /** Signs this call with other credentials, or not at all (`Authorization: SKIP`, for the two unsigned STS actions). */
  readonly credentials?: CredentialProvider | "unsigned" | undefined;
  /** X-TC-Region of this call only (pod OIDC uses the cluster's region). */
  readonly region?: string | undefined;
  /** Root domain of this call only, when no endpoint override is set. */
  readonly domain?: string | undefined;
  readonly resource?: ResourceRef | undefined;
  readonly signal?: AbortSignal | undefined;
  /** Values to keep out of logs and errors besides the credentials (secret parameters of this call). */
  readonly secrets?: readonly string[] | undefined;
}

/**
 * The cloudplat protocol (wire reference §1, §2): JSON POSTed to `/` of the service host, signed with
 * TC3-HMAC-SHA256, the `{"Response": …}` envelope with `Response.Error` as CloudplatError, retries on
 * the retryable codes, and a client-side rate limit per action.
 */
/**
 * The reference provider's retry windows (wire reference §2.3): a retryable answer is asked again for
 * 3 minutes on a read and 5 on a write (a service's delete waits so for its unrelease to settle).
 */
const READ_WINDOW: RetryPolicy = {
  maxAttempts: 100,
  baseDelayMs: 500,
  maxDelayMs: 10_000,
  maxRetryAfterMs: 30_000,
  budgetMs: 180_000,
};
const WRITE_WINDOW: RetryPolicy = { ...READ_WINDOW, budgetMs: 300_000 };

/** Attempts at a call that got no answer from the platform itself (a lost connection, a gateway's 5xx). */
const NO_ANSWER_ATTEMPTS = 4;

export class CloudplatClient {
  private readonly retry: RetryPolicy | undefined;
  private readonly timeoutMs: number;
  private readonly limiter: RateLimiter | undefined;
  private readonly now: () => number;
  private readonly endpoint: URL | undefined;
  private readonly log: Log;
  private readonly urls = new Map<string, URL>();

  constructor(private readonly options: CloudplatClientOptions = {}) {
    this.log = options.log ?? new Log();
    this.retry = options.retry;
    this.timeoutMs = options.timeoutMs ?? 60_000;
    this.now = options.now ?? Date.now;
    this.limiter =
      options.rateLimit === false ? undefined : new RateLimiter(options.rateLimit ?? DEFAULT_RATE_LIMIT, this.now);
    this.endpoint = options.endpoint ? new URL(options.endpoint) : undefined;
  }

  /** How calls of an action are repeated (the provider's `retry`, else the windows): also a bound kind's, asking again after a passing refusal. */
  retryPolicyFor(action: string): RetryPolicy {
    return this.retry ?? (isReadAction(action) ? READ_WINDOW : WRITE_WINDOW);
  }

  /** The URL a service is reached at; built once per service and domain (every call needs it). */
  urlFor(service: string, domain?: string): URL {
    const key = `${service} ${domain ?? ""}`;
    let url = this.urls.get(key);
    if (!url) {
      const scheme = this.options.protocol === "HTTP" ? "http" : "https";
      url = this.endpoint
        ? new URL("/", this.endpoint)
        : new URL(`${scheme}://${service}.${domain ?? this.options.domain ?? DEFAULT_DOMAIN}/`);
      this.urls.set(key, url);
    }
    return url;
  }

  private serviceHost(service: string, domain?: string): string {
    return `${service}.${domain ?? this.options.domain ?? DEFAULT_DOMAIN}`;
  }

  /** `Response` of the envelope (RequestId included), or a CloudplatError for `Response.Error`. */
  async call<T = Record<string, unknown>>(
    service: string,
    action: string,
    params: object = {},
    options: CloudplatCallOptions = {},
  ): Promise<T> {
    const version = options.version ?? SERVICE_VERSIONS[service];
    if (!version) throw new Error(`no API version known for service "${service}": pass one in the call options`);
    const url = this.urlFor(service, options.domain);
    const body = JSON.stringify(params);
    const read = options.read ?? isReadAction(action);
    const ref = { method: "POST", path: `${service}/${action}` };
    const region = options.region ?? this.options.region;
    const source = options.credentials ?? this.options.credentials;
    if (!source)
      throw new Error(`${service}/${action}: no credentials to sign with (configure the provider's credentials)`);
    let creds: Credentials | undefined;
    // Temporary credentials the service refused as expired or revoked before their stated expiry (a clock
    // behind the platform's) are dropped and fetched anew, once per call.
    let renewed = false;
    let credentialsFailed = false;
    // Built only when needed (a log line, an error): this path runs on every request.
    const secrets = () => [
      ...(creds ? [creds.secretKey.reveal(), ...(creds.token ? [creds.token.reveal()] : [])] : []),
      ...(options.secrets ?? []),
    ];
    return withRetries(
      async () => {
        await this.limiter?.take(`${service}/${action}`, options.signal);
        let headers: Record<string, string>;
        if (source === "unsigned") {
          // Nothing but the Host names the service of an unsigned call (no credential scope), so behind an
          // endpoint override it keeps the service's own host: the emulator (or proxy) routes on it.
          const host = this.endpoint ? this.serviceHost(service, options.domain) : url.host;
          headers = unsignedHeaders(host, action, version, region, Math.floor(this.now() / 1000));
        } else {
          try {
            creds = source.current() ?? (await source.credentials(options.signal));
          } catch (e) {
            credentialsFailed = true;
            throw e;
          }
          headers = signRequest({
            secretId: creds.secretId,
            secretKey: creds.secretKey.reveal(),
            service,
            host: url.host,
            action,
            version,
            region,
            timestamp: Math.floor(this.now() / 1000),
            body,
            contentType: CONTENT_TYPE,
            token: creds.token?.reveal(),
          });
        }
        headers["X-TC-Language"] = this.options.language ?? "en-US";
        if (this.log.enabled())
          this.log.write(
            "debug",
            `POST ${service}/${action}`,
            { url: url.href, body: JSON.parse(body) as unknown },
            secrets(),
          );
        const res = await send({ method: "POST", url, headers, body }, ref, {
          timeoutMs: this.timeoutMs,
          signal: options.signal,
          network: this.options.network,
        });
        const response = envelope(res.text);
        if (this.log.enabled())
          this.log.write(
            "debug",
            `POST ${service}/${action} -> ${res.status}`,
            { requestId: response?.RequestId, error: response?.Error },
            secrets(),
          );
        if (res.status !== 200 || !response) {
          // Redacted before the cut, so that no secret's beginning is left.
          const text = redact(res.text.trim(), secrets()).slice(0, 300) || `HTTP ${res.status}`;
          throw new ServiceError(ref, res.status, response ? text : `unreadable answer: ${text}`, {
            resource: options.resource,
          });
        }
        const error = response.Error as { Code?: unknown; Message?: unknown } | undefined;
        if (error && typeof error === "object") {
          const requestId = typeof response.RequestId === "string" ? response.RequestId : undefined;
          throw new CloudplatError(
            service,
            action,
            typeof error.Code === "string" ? error.Code : "UnknownError",
            redact(typeof error.Message === "string" ? error.Message : "", secrets()),
            requestId,
            options.resource,
          );
        }
        return response as T;
      },
      {
        policy: this.retry ?? (read ? READ_WINDOW : WRITE_WINDOW),
        once: options.once ?? (!read && mayCreate(action)),
        signal: options.signal,
        retryable: (e, once, attempts) => {
          // Credentials that could not be had were asked for again by their own calls already.
          if (credentialsFailed) return false;
          // No answer, or none the platform wrote (a gateway's 5xx), is asked again a few times only: a
          // wrong endpoint or a dead network should fail in seconds, not in the retry window.
          if (!(e instanceof CloudplatError) && attempts >= NO_ANSWER_ATTEMPTS) return false;
          // Any 5xx, as the reference provider retries every non-200 answer; but never an order's.
          if (e instanceof ServiceError && !(e instanceof CloudplatError))
            return e.status === 429 || (!once && e.status >= 500);
          if (!(e instanceof CloudplatError)) return retryable(e, once);
          if (e.code === "AuthFailure.TokenFailure" && !renewed && creds?.token && typeof source === "object") {
            renewed = true;
            return source.invalidate?.(creds) ?? false;
          }
          return retryableCode(e.code, read, options.retryCodes);
        },
        onRetry: (attempt, delay, error) =>
          this.log.write(
            "info",
            `retry ${attempt} of ${service}/${action} in ${delay} ms`,
            { error: String(error) },
            secrets(),
          ),
      },
    );
  }
}

/** Headers of an unsigned call: the usual X-TC-* headers and the literal `SKIP` (wire reference §1.5). */
function unsignedHeaders(
  host: string,
  action: string,
  version: string,
  region: string | undefined,
  timestamp: number,
): Record<string, string> {
  const headers: Record<string, string> = {
    Authorization: "SKIP",
    "Content-Type": CONTENT_TYPE,
    Host: host,
    "X-TC-Action": action,
    "X-TC-Version": version,
    "X-TC-Timestamp": String(timestamp),
  };
  if (region) headers["X-TC-Region"] = region;
  return headers;
}

/** `Response` of a `{"Response": {…}}` body, or undefined when the body is not one. */
function envelope(text: string): Record<string, unknown> | undefined {
  try {
    const v = (JSON.parse(text) as { Response?: unknown } | null)?.Response;
    return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
