/**
 * OAuth client credentials (reference §1.2) and the bearer check on API calls (§1.3).
 *
 * Token request: `POST /oauth2/token?grant_type=client_credentials`, `Authorization: Basic base64(key:secret)`,
 * `Content-Type: application/x-www-form-urlencoded`, empty body. Anything else is refused, so an SDK that puts the
 * credentials in the body or the grant type in the form fails here as it would against the real token service.
 * Tokens expire on the virtual clock.
 */
import type { IncomingHttpHeaders } from "node:http";
import { ApiError, type Reply } from "./envelope.js";
import type { Store } from "./state.js";

export interface Credentials {
  accessKey: string;
  secretKey: string;
}

export const TOKEN_PATH = "/oauth2/token";

function oauthError(status: number, code: string, message: string): ApiError {
  return new ApiError(status, message, null, {}, { error: code });
}

export function issueToken(
  store: Store,
  credentials: Credentials,
  query: URLSearchParams,
  headers: IncomingHttpHeaders,
  body: string,
): Reply {
  if (query.get("grant_type") !== "client_credentials")
    throw oauthError(400, "unsupported_grant_type", "grant_type=client_credentials is required in the query string");
  const contentType = (headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase();
  if (contentType !== "application/x-www-form-urlencoded")
    throw oauthError(400, "invalid_request", "Content-Type must be application/x-www-form-urlencoded");
  if (body.trim() !== "") throw oauthError(400, "invalid_request", "The token request body must be empty");

  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(headers.authorization ?? "");
  if (!match) throw oauthError(401, "invalid_client", "Basic client authentication is required");
  const decoded = Buffer.from(match[1] ?? "", "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  const key = colon < 0 ? decoded : decoded.slice(0, colon);
  const secret = colon < 0 ? "" : decoded.slice(colon + 1);
  if (key !== credentials.accessKey || secret !== credentials.secretKey)
    throw oauthError(401, "invalid_client", "Invalid client credentials");

  const lifetime = store.options.tokenLifetimeSeconds;
  const token = store.tokenIds.token();
  store.tokens.set(token, store.now() + lifetime * 1000);
  // The token endpoint is the one response without the {message, terms, data} envelope (§2.1).
  return { status: 200, body: { access_token: token, token_type: "Bearer", expires_in: lifetime } };
}

/** The bearer token of a request, or undefined. */
export function bearerOf(headers: IncomingHttpHeaders): string | undefined {
  const m = /^Bearer\s+(\S+)$/i.exec(headers.authorization ?? "");
  return m?.[1];
}

/** Throws 401 unless the request carries a known, unexpired bearer token. */
export function requireBearer(store: Store, headers: IncomingHttpHeaders): void {
  const token = bearerOf(headers);
  if (token === undefined) throw new ApiError(401, "Unauthorized: a Bearer access token is required");
  const expiry = store.tokens.get(token);
  if (expiry === undefined) throw new ApiError(401, "Unauthorized: unknown access token");
  if (store.now() >= expiry) throw new ApiError(401, "Unauthorized: the access token has expired");
}

/** The `expireToken` fault: the token on this request stops working from now on. */
export function expireTokenOf(store: Store, headers: IncomingHttpHeaders): void {
  const token = bearerOf(headers);
  if (token !== undefined && store.tokens.has(token)) store.tokens.set(token, store.now());
}
