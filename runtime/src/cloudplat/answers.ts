import type { CloudplatClient } from "./client.js";
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

/** `Response.Result` of one call that answers a single object there (the API gateway's habit), for hooks. */
export async function resultOf(
  client: CloudplatClient,
  service: string,
  action: string,
  params: Values,
  signal: AbortSignal | undefined,
): Promise<Values> {
  const response = await client.call<{ Result?: Values }>(service, action, params, { signal });
  return response.Result ?? {};
}
