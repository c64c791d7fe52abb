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
   * The service refused the token of `creds`: forgets them when they are the ones held, so the next
   * attempt fetches new ones, or meets the error saying why there can be none (a single-use MFA
   * session); whether the call should try once more. Absent for fixed keys, where it would not help.
   */
  invalidate?(creds: Credentials): boolean;
}
