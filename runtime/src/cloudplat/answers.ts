import type { ResourceRef } from "../http/errors.js";
import type { Values } from "../lifecycle/resource.js";

/**
 * The actions whose `Result` boolean the reference provider checks (wire reference §6): a `false` or
 * missing `Result` means the platform did not act, which must not pass for success.
 */
export function expectTrue(response: Values, action: string, ref: ResourceRef): void {
  if (response.Result !== true)
    throw new Error(
      `${ref.token} (${ref.id ?? "new"}): apigateway/${action} did not succeed (Result ${JSON.stringify(response.Result)})`,
    );
}
