/**
 * The envelope (reference §2.1): always HTTP 200 with `{"Response": {...fields, "RequestId"}}`; failures carry
 * `Response.Error {Code, Message}` instead of the action's fields.
 */
export type Fields = Record<string, unknown>;

/** Thrown by handlers and checks; the server turns it into `Response.Error`. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const okBody = (fields: Fields, requestId: string): unknown => ({
  Response: { ...fields, RequestId: requestId },
});

export const errorBody = (code: string, message: string, requestId: string): unknown => ({
  Response: { Error: { Code: code, Message: message }, RequestId: requestId },
});

/** Request ids are UUID-shaped and come from the request sequence number, so they are deterministic. */
export const requestId = (seq: number): string => `5f2c0b1e-0000-4000-8000-${seq.toString(16).padStart(12, "0")}`;

export const missing = (name: string): ApiError =>
  new ApiError("MissingParameter", `The request is missing a required parameter \`${name}\`.`);

export const invalidValue = (name: string, value: unknown, why: string): ApiError =>
  new ApiError("InvalidParameterValue", `The value \`${String(value)}\` of parameter \`${name}\` is invalid: ${why}.`);

export const invalidType = (name: string, expected: string): ApiError =>
  new ApiError("InvalidParameter", `The type of parameter \`${name}\` is invalid, expected ${expected}.`);
