import { bounded } from "../bounded.js";
import { named, ServiceError, type ResourceRef } from "../http/errors.js";

/**
 * `Response.Error` of the envelope (wire reference §2.1): the platform's code, message and request id,
 * with the service and action called and the object concerned. The HTTP status is 200 for these; the
 * message never holds credentials (the client redacts what the service echoes).
 */
export class CloudplatError extends ServiceError {
  override readonly name = "CloudplatError";

  constructor(
    readonly service: string,
    readonly action: string,
    code: string,
    message: string,
    readonly requestId: string | undefined,
    resource?: ResourceRef,
  ) {
    super({ method: "POST", path: `${service}/${action}` }, 200, message, { resource, code, traceId: requestId });
    // The HTTP status of an envelope's error is 200: printed, `status: 200` would read as success.
    Object.defineProperty(this, "status", { enumerable: false });
    const what = named(resource);
    this.message = `${what ? `${what}: ` : ""}${service}/${action} failed: ${code}: ${bounded(message)}${requestId ? ` (request id ${requestId})` : ""}`;
  }

  override get code(): string {
    return this.options.code!;
  }
}
