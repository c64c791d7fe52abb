import { ServiceError } from "../../http/errors.js";
import { DEFAULT_RETRY, withRetries, type RetryPolicy } from "../../http/retry.js";
import type { Network } from "../../http/network.js";
import { send } from "../../http/transport.js";
import { Secret } from "../../secret.js";
import { RefreshingCredentials } from "./refreshing.js";
import type { Credentials } from "./types.js";

/** The instance metadata service of the platform's compute instances (wire reference §3.4). */
export const DEFAULT_METADATA_URL = "http://metadata.tencentyun.com";

export interface MetadataOptions {
  /** Base URL of the metadata service (a local stub in tests). */
  readonly metadataUrl?: string | undefined;
  readonly timeoutMs?: number | undefined;
  readonly retry?: RetryPolicy | undefined;
  readonly now?: (() => number) | undefined;
  /** The provider's agents and proxies (default: straight to the host). */
  readonly network?: Network | undefined;
}

/**
 * The credentials of the CAM role bound to the instance: `GET
 * <metadata>/latest/meta-data/cam/security-credentials/<role>`, renewed before `ExpiredTime`.
 */
export function camRoleCredentials(roleName: string, options: MetadataOptions = {}): RefreshingCredentials {
  const base = (options.metadataUrl ?? DEFAULT_METADATA_URL).replace(/\/+$/, "");
  const path = `/latest/meta-data/cam/security-credentials/${encodeURIComponent(roleName)}`;
  const ref = { method: "GET", path };
  const exchange = (signal?: AbortSignal): Promise<Credentials> =>
    withRetries(
      async () => {
        const res = await send({ method: "GET", url: base + path, headers: { accept: "application/json" } }, ref, {
          timeoutMs: options.timeoutMs ?? 2_000,
          signal,
          network: options.network,
        });
        if (res.status !== 200)
          throw new ServiceError(ref, res.status, `no credentials for the CAM role "${roleName}" (camRoleName)`);
        return parseRoleCredentials(res.text, roleName, ref);
      },
      { policy: options.retry ?? DEFAULT_RETRY, once: false, signal },
    );
  return new RefreshingCredentials(exchange, options.now);
}

function parseRoleCredentials(text: string, roleName: string, ref: { method: string; path: string }): Credentials {
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // reported below
  }
  const { TmpSecretId: id, TmpSecretKey: key, Token: token, ExpiredTime: expired, Code: code } = body ?? {};
  if (code !== undefined && code !== "Success")
    throw new ServiceError(ref, 200, `the metadata service refused the CAM role "${roleName}": ${String(code)}`);
  if (typeof id !== "string" || typeof key !== "string" || typeof token !== "string" || typeof expired !== "number")
    throw new ServiceError(
      ref,
      200,
      `the metadata service answered without credentials for the CAM role "${roleName}"`,
    );
  return { secretId: id, secretKey: new Secret(key), token: new Secret(token), expiresAt: expired * 1000 };
}
