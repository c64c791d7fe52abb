/**
 * The instance metadata service for CAM roles (reference §3.4), served under `/metadata` on the API server so that
 * `emu.metadataUrl` stands in for `http://metadata.tencentyun.com`:
 *   GET /latest/meta-data/cam/security-credentials/        the bound role's name as text (404 when none is bound)
 *   GET /latest/meta-data/cam/security-credentials/<role>  {TmpSecretId, TmpSecretKey, ExpiredTime, Expiration, Token, Code}
 */
import { issueTemporary } from "./credentials.js";
import { isoTime } from "./ids.js";
import type { Store } from "./state.js";

export const METADATA_PREFIX = "/metadata";
const CREDENTIALS_PATH = "/latest/meta-data/cam/security-credentials/";

export interface MetadataOptions {
  /** The role bound to the emulated instance; null when none is. */
  roleName: string | null;
  /** Lifetime of the credentials it hands out, virtual seconds. */
  lifetimeSeconds: number;
}

export interface MetadataReply {
  status: number;
  contentType: string;
  body: string;
}

const notFound: MetadataReply = { status: 404, contentType: "text/plain", body: "404 Not Found" };

/** `path` is below the prefix, e.g. `/latest/meta-data/cam/security-credentials/my-role`. */
export function metadata(store: Store, options: MetadataOptions, method: string, path: string): MetadataReply {
  if (method !== "GET" || !path.startsWith(CREDENTIALS_PATH)) return notFound;
  const role = decodeURIComponent(path.slice(CREDENTIALS_PATH.length));
  if (options.roleName === null) return notFound;
  if (role === "") return { status: 200, contentType: "text/plain", body: options.roleName };
  if (role !== options.roleName) return notFound;
  const uin = store.options.accountId;
  const principal = {
    Arn: `qcs::sts:${uin}:assumed-role/${uin}/${role}`,
    UserId: uin,
    PrincipalId: uin,
    Type: "CAMRole",
  };
  const { key, expiredTime } = issueTemporary(store, principal, options.lifetimeSeconds);
  const body = {
    TmpSecretId: key.secretId,
    TmpSecretKey: key.secretKey,
    ExpiredTime: expiredTime,
    Expiration: isoTime(expiredTime * 1000),
    Token: key.token,
    Code: "Success",
  };
  return { status: 200, contentType: "application/json", body: JSON.stringify(body) };
}
