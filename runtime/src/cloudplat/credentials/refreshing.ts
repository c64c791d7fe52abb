import type { CredentialProvider, Credentials } from "./types.js";

/** Temporary credentials are renewed this long before they expire (less for very short lifetimes). */
export const REFRESH_EARLY_MS = 300_000;

/**
 * Temporary credentials from an exchange (STS, the metadata service), kept in memory only and renewed
 * shortly before they expire; concurrent callers share one exchange.
 */
export class RefreshingCredentials implements CredentialProvider {
  private cached: { creds: Credentials; renewAt: number } | undefined;
  private pending: Promise<Credentials> | undefined;

  constructor(
    private readonly exchange: (signal?: AbortSignal) => Promise<Credentials>,
    private readonly now: () => number = Date.now,
  ) {}

  current(): Credentials | undefined {
    return this.cached && this.now() < this.cached.renewAt ? this.cached.creds : undefined;
  }

  credentials(signal?: AbortSignal): Promise<Credentials> {
    const current = this.current();
    if (current) return Promise.resolve(current);
    this.pending ??= this.renew(signal).finally(() => (this.pending = undefined));
    return this.pending;
  }

  /** Drops `creds` if still held; either way the next call has other credentials to try. */
  invalidate(creds: Credentials): boolean {
    if (this.cached?.creds === creds) this.cached = undefined;
    return true;
  }

  private async renew(signal?: AbortSignal): Promise<Credentials> {
    const obtainedAt = this.now();
    const creds = await this.exchange(signal);
    const expiresAt = creds.expiresAt ?? Infinity;
    const early = Math.min(REFRESH_EARLY_MS, (expiresAt - obtainedAt) / 2);
    this.cached = { creds, renewAt: expiresAt - early };
    return creds;
  }
}
