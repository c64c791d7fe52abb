import type { Secret } from "../../secret.js";

/** A key pair, with the session token and expiry of temporary credentials. */
export interface Credentials {
  readonly secretId: string;
  readonly secretKey: Secret<string>;
  readonly token?: Secret<string> | undefined;
  /** Epoch milliseconds; absent for long-lived keys. */
  readonly expiresAt?: number | undefined;
}

/** Where a client gets the credentials to sign with; temporary ones are renewed behind it. */
export interface CredentialProvider {
  /** Credentials good for a while yet, without waiting, when there are any: the hot path. */
  current(): Credentials | undefined;
  credentials(signal?: AbortSignal): Promise<Credentials>;
  /**
   * Forgets `creds` when they are the ones held (the service refused their token), so the next call
   * fetches new ones; whether it did. Absent for credentials that cannot be renewed.
   */
  invalidate?(creds: Credentials): boolean;
}
