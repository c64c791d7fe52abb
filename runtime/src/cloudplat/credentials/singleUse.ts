import { ServiceError, TransportError } from "../../http/errors.js";
import { CloudplatError } from "../errors.js";
import type { CredentialProvider, Credentials } from "./types.js";

/** What a single-use session is called in its errors, and what the user can do once it has ended. */
export interface SessionLabel {
  /** E.g. "the MFA session from mfaCertification". */
  readonly what: string;
  /** What to do now, e.g. "a new tokenCode is needed …". */
  readonly remedy: string;
}

/**
 * Credentials from a single-use exchange can no longer sign: they expired, or the platform refused them
 * first. Holds no secret: only the session's name, its times and what to do.
 */
export class SessionExpiredError extends Error {
  override readonly name = "SessionExpiredError";

  constructor(
    label: SessionLabel,
    /** When the session ended, epoch ms: its expiry, or when the platform refused it. */
    readonly endedAt: number,
    /** The expiry the platform stated, epoch ms (undefined when it gave none). */
    readonly expiresAt: number | undefined,
    /** Whether the platform refused the credentials (AuthFailure.TokenFailure) before that expiry. */
    readonly refused: boolean,
  ) {
    const stated = expiresAt === undefined ? "none stated" : new Date(expiresAt).toISOString();
    const why = refused ? ` (the platform refused it with AuthFailure.TokenFailure; its stated expiry: ${stated})` : "";
    super(
      `${label.what} expired at ${new Date(endedAt).toISOString()}${why}; MFA codes are single-use, so it is not ` +
        `renewed: ${label.remedy}`,
    );
  }
}

/**
 * The exchange failed in a way the platform may have acted on (no answer, an internal error, an answer
 * without credentials), so its one-time code may be spent and is not sent again. The cause's message
 * holds no secret (the client redacts them).
 */
export class SessionNotStartedError extends Error {
  override readonly name = "SessionNotStartedError";

  constructor(label: SessionLabel, cause: Error) {
    super(
      `${label.what} could not be started (${cause.message}), and the platform may have taken its MFA code, ` +
        `which is single-use and not sent again: ${label.remedy}`,
      { cause },
    );
  }
}

/** Whether the platform may have acted on a failed exchange, and so spent the code it carried. */
function mayHaveSpentCode(e: unknown): e is Error {
  if (e instanceof TransportError) return e.mayHaveReachedServer;
  // ClientError.*: the answer came (a success) but held no credentials.
  if (e instanceof CloudplatError) return /^(InternalError|ClientError)(\.|$)/.test(e.code);
  // An unreadable answer (200), or a failure behind a gateway (5xx).
  if (e instanceof ServiceError) return e.status === 200 || e.status >= 500;
  return false;
}

/**
 * Temporary credentials whose exchange may run only once, because it spends a one-time MFA code: the
 * platform refuses the code a second time (AuthFailure.MFAFailure), so renewing would fail anyway, and
 * late. They are fetched on first use, used until their stated expiry, and never renewed; after that (or
 * once the platform refuses them) every call fails with a SessionExpiredError saying what to do.
 * The exchange is not sent again once the platform may have taken the code (SessionNotStartedError).
 */
export class SingleUseCredentials implements CredentialProvider {
  private held: Credentials | undefined;
  private pending: Promise<Credentials> | undefined;
  private refusedAt: number | undefined;
  private notStarted: SessionNotStartedError | undefined;

  constructor(
    private readonly exchange: (signal?: AbortSignal) => Promise<Credentials>,
    private readonly label: SessionLabel,
    private readonly now: () => number = Date.now,
  ) {}

  current(): Credentials | undefined {
    const held = this.held;
    return held && this.refusedAt === undefined && this.now() < (held.expiresAt ?? Infinity) ? held : undefined;
  }

  credentials(signal?: AbortSignal): Promise<Credentials> {
    const current = this.current();
    if (current) return Promise.resolve(current);
    if (this.held) return Promise.reject(this.ended(this.held));
    if (this.notStarted) return Promise.reject(this.notStarted);
    // Any other failure (a wrong code, throttling, a refused connection) left the code unspent: a later
    // call, or the calling request's own retry, runs the exchange again. One that may have spent it is
    // turned into an error no caller retries.
    this.pending ??= this.exchange(signal)
      .then(
        (creds) => (this.held = creds),
        (e: unknown) => {
          throw mayHaveSpentCode(e) ? (this.notStarted = new SessionNotStartedError(this.label, e)) : e;
        },
      )
      .finally(() => (this.pending = undefined));
    return this.pending;
  }

  /**
   * The platform refused `creds` (AuthFailure.TokenFailure): the session is over. True, so the call
   * tries once more and meets the SessionExpiredError instead of the bare refusal.
   */
  invalidate(creds: Credentials): boolean {
    if (creds === this.held) this.refusedAt ??= this.now();
    return true;
  }

  private ended(held: Credentials): SessionExpiredError {
    const expiresAt = held.expiresAt;
    if (this.refusedAt !== undefined && (expiresAt === undefined || this.refusedAt < expiresAt))
      return new SessionExpiredError(this.label, this.refusedAt, expiresAt, true);
    return new SessionExpiredError(this.label, expiresAt ?? this.now(), expiresAt, false);
  }
}
