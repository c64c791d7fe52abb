/**
 * TC3-HMAC-SHA256 (reference §1.4), written from the reference: canonical request, string to sign, derived keys.
 * The emulator verifies with it and the testkit signs with it.
 */
import { createHash, createHmac } from "node:crypto";

export const ALGORITHM = "TC3-HMAC-SHA256";

export const sha256Hex = (data: string | Buffer): string => createHash("sha256").update(data).digest("hex");

const hmac = (key: string | Buffer, data: string): Buffer => createHmac("sha256", key).update(data, "utf8").digest();

/** The UTC date of a UNIX-seconds timestamp, `YYYY-MM-DD` (the scope date is UTC, never local; §1.7). */
export const utcDate = (timestamp: number): string => new Date(timestamp * 1000).toISOString().slice(0, 10);

export interface CanonicalParts {
  method: string;
  /** The query string after `?` (empty for POST). */
  query: string;
  /** Signed headers as `[lower-case name, value]`, in the order of SignedHeaders. */
  headers: readonly (readonly [string, string])[];
  /** Exact body bytes. */
  payload: string | Buffer;
}

export function canonicalRequest(parts: CanonicalParts): string {
  const canonicalHeaders = parts.headers.map(([k, v]) => `${k}:${v.trim().toLowerCase()}\n`).join("");
  const signedHeaders = parts.headers.map(([k]) => k).join(";");
  return [parts.method, "/", parts.query, canonicalHeaders, signedHeaders, sha256Hex(parts.payload)].join("\n");
}

export function stringToSign(timestamp: number, service: string, canonical: string): string {
  return [ALGORITHM, String(timestamp), `${utcDate(timestamp)}/${service}/tc3_request`, sha256Hex(canonical)].join(
    "\n",
  );
}

export function signingKey(secretKey: string, date: string, service: string): Buffer {
  return hmac(hmac(hmac(`TC3${secretKey}`, date), service), "tc3_request");
}

export function signature(secretKey: string, timestamp: number, service: string, canonical: string): string {
  const key = signingKey(secretKey, utcDate(timestamp), service);
  return createHmac("sha256", key)
    .update(stringToSign(timestamp, service, canonical), "utf8")
    .digest("hex");
}

export function authorization(
  secretId: string,
  timestamp: number,
  service: string,
  signedHeaders: string,
  sig: string,
): string {
  const scope = `${utcDate(timestamp)}/${service}/tc3_request`;
  return `${ALGORITHM} Credential=${secretId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${sig}`;
}
