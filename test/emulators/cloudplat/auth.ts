/**
 * Verifies a request's TC3 signature (reference §1.4, §1.7) in the order the platform reports problems: a malformed
 * Authorization, a timestamp more than 5 minutes off (`SignatureExpire`), an unknown SecretId (`SecretIdNotFound`),
 * the signature (`SignatureFailure`), then the token of temporary keys (`TokenFailure`). `Authorization: SKIP` is
 * accepted only for the unsigned STS actions (§1.5).
 */
import { ApiError } from "./envelope.js";
import { canonicalRequest, signature, utcDate } from "./sign.js";
import type { Store } from "./state.js";
import type { KeyRec } from "./types.js";

const MAX_SKEW_SECONDS = 300;

/** Actions sent with `Authorization: SKIP` (§1.5). */
export const UNSIGNED_ACTIONS: ReadonlySet<string> = new Set([
  "sts:AssumeRoleWithSAML",
  "sts:AssumeRoleWithWebIdentity",
]);

export interface SignedRequest {
  method: string;
  query: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  service: string;
  action: string;
}

const header = (headers: SignedRequest["headers"], name: string): string | undefined => {
  const v = headers[name];
  return Array.isArray(v) ? v.join(",") : v;
};

const AUTH_RE =
  /^TC3-HMAC-SHA256 Credential=([^/,\s]+)\/(\d{4}-\d{2}-\d{2})\/([a-z0-9-]+)\/tc3_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/;

/** The SecretId a request claims, before any check (used to route by credential scope and for logs). */
export function credentialScope(headers: SignedRequest["headers"]): { secretId: string; service: string } | undefined {
  const m = AUTH_RE.exec(header(headers, "authorization") ?? "");
  return m ? { secretId: m[1] ?? "", service: m[3] ?? "" } : undefined;
}

/** Returns the key that signed the request, or undefined for an accepted unsigned STS call. */
export function authenticate(
  store: Store,
  lookup: (secretId: string) => KeyRec | undefined,
  req: SignedRequest,
): KeyRec | undefined {
  const auth = header(req.headers, "authorization");
  if (auth === undefined || auth === "")
    throw new ApiError("AuthFailure.SignatureFailure", "The request is missing the Authorization header.");
  if (auth === "SKIP") {
    if (UNSIGNED_ACTIONS.has(`${req.service}:${req.action}`)) return undefined;
    throw new ApiError("AuthFailure.SignatureFailure", `The action \`${req.action}\` requires a signed request.`);
  }
  const m = AUTH_RE.exec(auth);
  if (!m)
    throw new ApiError(
      "AuthFailure.InvalidAuthorization",
      "The Authorization header is not a valid TC3-HMAC-SHA256 value.",
    );
  const [, secretId = "", date, , signedHeaders = "", sig] = m;

  const rawTs = header(req.headers, "x-tc-timestamp");
  if (rawTs === undefined)
    throw new ApiError("MissingParameter", "The request is missing a required parameter `Timestamp`.");
  if (!/^\d+$/.test(rawTs)) throw new ApiError("InvalidParameter", "The parameter `Timestamp` must be an integer.");
  const timestamp = Number(rawTs);
  const serverSeconds = Math.floor(store.now() / 1000);
  if (Math.abs(serverSeconds - timestamp) > MAX_SKEW_SECONDS)
    throw new ApiError(
      "AuthFailure.SignatureExpire",
      `Signature expired. Timestamp date is ${timestamp}, server date is ${serverSeconds}.`,
    );

  const key = lookup(secretId);
  if (!key)
    throw new ApiError(
      "AuthFailure.SecretIdNotFound",
      "The SecretId is not found, please ensure that your SecretId is correct.",
    );

  const names = signedHeaders.split(";");
  if (!names.includes("content-type") || !names.includes("host"))
    throw new ApiError("AuthFailure.SignatureFailure", "SignedHeaders must include content-type and host.");
  if (date !== utcDate(timestamp) || !signatureMatches(key.secretKey, timestamp, names, req, sig ?? ""))
    throw new ApiError(
      "AuthFailure.SignatureFailure",
      "The provided credentials could not be validated. Please check your signature is correct.",
    );

  const token = header(req.headers, "x-tc-token") ?? "";
  if (key.token === undefined) {
    if (token !== "") throw new ApiError("AuthFailure.TokenFailure", "A token was sent with a permanent SecretId.");
  } else {
    if (token !== key.token) throw new ApiError("AuthFailure.TokenFailure", "The token is invalid.");
    if (key.expiresAt !== undefined && store.now() >= key.expiresAt)
      throw new ApiError("AuthFailure.TokenFailure", "The token has expired.");
  }
  return key;
}

/** The host is accepted as sent and without its port (SDKs sign `URL.hostname` but send `URL.host`; §1.7). */
function signatureMatches(
  secretKey: string,
  timestamp: number,
  names: string[],
  req: SignedRequest,
  sig: string,
): boolean {
  const host = header(req.headers, "host") ?? "";
  const hosts = new Set([host, host.replace(/:\d+$/, "")]);
  for (const h of hosts) {
    const headers = names.map((n) => [n, n === "host" ? h : (header(req.headers, n) ?? "")] as const);
    const canonical = canonicalRequest({ method: req.method, query: req.query, headers, payload: req.body });
    if (signature(secretKey, timestamp, req.service, canonical) === sig) return true;
  }
  return false;
}
