/**
 * Temporary credentials (STS actions, reference §3.5, and the metadata service, §3.4): a new SecretId/SecretKey pair
 * that only works with its token and until its expiry on the virtual clock.
 */
import { isoTime } from "./ids.js";
import type { Store } from "./state.js";
import type { KeyRec, Principal } from "./types.js";

export interface Issued {
  key: KeyRec;
  /** UNIX seconds. */
  expiredTime: number;
}

export function issueTemporary(store: Store, principal: Principal, durationSeconds: number): Issued {
  const expiredTime = Math.floor(store.now() / 1000) + durationSeconds;
  const key: KeyRec = {
    secretId: store.ids.secretId(),
    secretKey: store.ids.secret(),
    token: store.ids.secret(96),
    expiresAt: expiredTime * 1000,
    principal,
  };
  store.keys.set(key.secretId, key);
  store.issued++;
  return { key, expiredTime };
}

/** The `Credentials` + `ExpiredTime` + `Expiration` fields of the STS responses. */
export function credentialFields(issued: Issued): Record<string, unknown> {
  return {
    Credentials: { Token: issued.key.token, TmpSecretId: issued.key.secretId, TmpSecretKey: issued.key.secretKey },
    ExpiredTime: issued.expiredTime,
    Expiration: isoTime(issued.expiredTime * 1000),
  };
}
