import type { Secret } from "../secret.js";
import { ServiceError } from "../http/errors.js";
import { redact } from "../http/log.js";
import { send, type SendOptions } from "../http/transport.js";

/** Tokens are renewed this long before they expire, so a request never leaves with a dying token. */
const EARLY_MS = 60_000;

/**
 * OAuth client credentials (wire reference §1.2): `POST <token url>?grant_type=client_credentials`
 * with Basic credentials and an empty form body. The token is cached until shortly before it expires;
 * concurrent callers share one request; `invalidate` (after a 401) forces the next call to fetch anew.
 */
export class TokenSource {
  // Private fields, not TypeScript's `private`: no printed or walked form of a provider reaches them.
  #cached: { token: string; expiresAt: number } | undefined;
  #pending: Promise<string> | undefined;
  readonly #tokenUrl: string;
  readonly #accessKey: string;
  readonly #secretKey: Secret<string>;
  readonly #sendOptions: Omit<SendOptions, "signal">;
  readonly #now: () => number;

  constructor(
    tokenUrl: string,
    accessKey: string,
    secretKey: Secret<string>,
    sendOptions: Omit<SendOptions, "signal">,
    now: () => number = Date.now,
  ) {
    this.#tokenUrl = tokenUrl;
    this.#accessKey = accessKey;
    this.#secretKey = secretKey;
    this.#sendOptions = sendOptions;
    this.#now = now;
  }

  /** A token still good for a while, when there is one: no waiting on the common path. */
  current(): string | undefined {
    return this.#cached && this.#now() < this.#cached.expiresAt - EARLY_MS ? this.#cached.token : undefined;
  }

  async token(signal?: AbortSignal): Promise<string> {
    const cached = this.current();
    if (cached) return cached;
    this.#pending ??= this.#fetchToken(signal).finally(() => (this.#pending = undefined));
    return this.#pending;
  }

  invalidate(): void {
    this.#cached = undefined;
  }

  async #fetchToken(signal?: AbortSignal): Promise<string> {
    const ref = { method: "POST", path: new URL(this.#tokenUrl).pathname };
    const basic = Buffer.from(`${this.#accessKey}:${this.#secretKey.reveal()}`).toString("base64");
    const res = await send(
      {
        method: "POST",
        url: `${this.#tokenUrl}?grant_type=client_credentials`,
        headers: {
          authorization: `Basic ${basic}`,
          "content-type": "application/x-www-form-urlencoded",
          accept: "application/json",
        },
      },
      ref,
      { ...this.#sendOptions, signal },
    );
    const body = parse(res.text);
    const token = typeof body?.access_token === "string" ? body.access_token : undefined;
    if (res.status < 200 || res.status >= 300 || !token || body?.error) {
      const why =
        typeof body?.message === "string"
          ? body.message
          : typeof body?.error === "string"
            ? body.error
            : "no access token in the answer";
      // A token endpoint may echo the request: its Basic credentials, or the secret key in them.
      throw new ServiceError(
        ref,
        res.status,
        // A key works in one environment only: the message says which endpoint refused it, and why.
        redact(
          `could not obtain an API token from ${this.#tokenUrl}${this.#sendOptions.origin ? ` (the address ${this.#sendOptions.origin})` : ""} with access key ${this.#accessKey}: ${why}; an API key works only in the environment it was made in`,
          [basic, this.#secretKey.reveal()],
        ),
      );
    }
    const seconds = typeof body?.expires_in === "number" ? body.expires_in : 300;
    this.#cached = { token, expiresAt: this.#now() + seconds * 1000 };
    return token;
  }
}

function parse(text: string): Record<string, unknown> | undefined {
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === "object" ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
