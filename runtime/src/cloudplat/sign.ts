import { createHmac, hash } from "node:crypto";

/** What a TC3-HMAC-SHA256 signature covers (wire reference §1.4). */
export interface SignInput {
  readonly secretId: string;
  readonly secretKey: string;
  /** The credential-scope service: the first label of the real host (`apigateway`, `sts`, …). */
  readonly service: string;
  /** The Host header as sent: `apigateway.tencentcloudapi.com`, or `127.0.0.1:PORT` for an emulator. */
  readonly host: string;
  readonly action: string;
  readonly version: string;
  readonly region?: string | undefined;
  /** UNIX seconds. */
  readonly timestamp: number;
  /** The exact body bytes sent (a string is hashed as UTF-8). */
  readonly body: string | Uint8Array;
  /** Signed byte for byte, so it must be the value sent. */
  readonly contentType: string;
  /** The session token of temporary credentials. */
  readonly token?: string | undefined;
}

const ALGORITHM = "TC3-HMAC-SHA256";
const SIGNED_HEADERS = "content-type;host";

/**
 * Derived signing keys by secret key, date and service. A key is valid for a whole UTC day, so nearly
 * every request reuses one; the map is cleared when it grows (a new day, many keys) rather than
 * tracked entry by entry. It lives in memory only.
 */
const signingKeys = new Map<string, Buffer>();
const MAX_KEYS = 256;

function signingKey(secretKey: string, date: string, service: string): Buffer {
  const id = `${date}\n${service}\n${secretKey}`;
  let key = signingKeys.get(id);
  if (!key) {
    const kDate = createHmac("sha256", `TC3${secretKey}`).update(date).digest();
    const kService = createHmac("sha256", kDate).update(service).digest();
    key = createHmac("sha256", kService).update("tc3_request").digest();
    if (signingKeys.size >= MAX_KEYS) signingKeys.clear();
    signingKeys.set(id, key);
  }
  return key;
}

const DAY_SECONDS = 86_400;
let lastDate = { day: NaN, date: "" };

/** `YYYY-MM-DD` of a UNIX timestamp in UTC: the scope date, which differs from the local date near midnight. */
export function utcDate(timestamp: number): string {
  // Every request of a UTC day has the same date (UNIX time counts no leap seconds): formatted once a day.
  const day = Math.floor(timestamp / DAY_SECONDS);
  if (day !== lastDate.day) lastDate = { day, date: new Date(day * DAY_SECONDS * 1000).toISOString().slice(0, 10) };
  return lastDate.date;
}

// The one-shot hash: half the cost of a Hash object for inputs this small.
const sha256Hex = (data: string | Uint8Array): string => hash("sha256", data, "hex");

/** The lowercase hex TC3 signature and its scope date. */
export function tc3Signature(input: SignInput): { signature: string; date: string } {
  const date = utcDate(input.timestamp);
  const canonicalRequest = `POST\n/\n\ncontent-type:${input.contentType}\nhost:${input.host}\n\n${SIGNED_HEADERS}\n${sha256Hex(input.body)}`;
  const stringToSign = `${ALGORITHM}\n${input.timestamp}\n${date}/${input.service}/tc3_request\n${sha256Hex(canonicalRequest)}`;
  const signature = createHmac("sha256", signingKey(input.secretKey, date, input.service))
    .update(stringToSign)
    .digest("hex");
  return { signature, date };
}

/** The headers of a signed POST: Authorization, Content-Type, Host and the X-TC-* headers. */
export function signRequest(input: SignInput): Record<string, string> {
  const { signature, date } = tc3Signature(input);
  const headers: Record<string, string> = {
    Authorization: `${ALGORITHM} Credential=${input.secretId}/${date}/${input.service}/tc3_request, SignedHeaders=${SIGNED_HEADERS}, Signature=${signature}`,
    "Content-Type": input.contentType,
    Host: input.host,
    "X-TC-Action": input.action,
    "X-TC-Version": input.version,
    "X-TC-Timestamp": String(input.timestamp),
  };
  if (input.region) headers["X-TC-Region"] = input.region;
  if (input.token) headers["X-TC-Token"] = input.token;
  return headers;
}
