/**
 * Response bodies. Success: `{message, terms, data}` (reference §2.1; action endpoints omit `data`). Error:
 * `{message, data, trace_id}` with `data` a string or null, because mpgo falls back to the raw body when `data` is
 * an object (§2.2); the same trace id also goes out as the `Trace-Id` header.
 */
export const TERMS =
  "This data is subject to the Acceptable Use Policy https://www.megaport.com/legal/acceptable-use-policy";

export interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** A 200 envelope. Pass `undefined` as data for the action endpoints, which answer without a `data` key. */
export function ok(message: string, data?: unknown): Reply {
  return { status: 200, body: data === undefined ? { message, terms: TERMS } : { message, terms: TERMS, data } };
}

/** Thrown by handlers; the server turns it into an error body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly data: string | null = null,
    readonly headers: Record<string, string> = {},
    /** Extra top-level keys for the error body (the token endpoint adds the OAuth `error` code). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, data: string | null = null): ApiError => new ApiError(400, message, data);

/**
 * The API's non-standard "not found" for products: a 400 whose message contains "Could not find a service with UID"
 * (§2.2; mpgo `IsServiceNotFoundError`, tf Read paths rely on the exact phrase).
 */
export const serviceNotFound = (uid: string): ApiError => new ApiError(400, `Could not find a service with UID ${uid}`);

export function errorBody(
  message: string,
  data: string | null,
  traceId: string,
  extra: Record<string, unknown> = {},
): unknown {
  return { ...extra, message, data, trace_id: traceId };
}
