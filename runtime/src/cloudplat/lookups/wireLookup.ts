import type { Values } from "../../lifecycle/resource.js";
import { fromWire } from "../../lifecycle/wire.js";
import type { CloudplatProvider } from "../provider.js";
import type { LookupFactory } from "./listLookup.js";
import { writeResultFile } from "./resultFile.js";

/** What a lookup's calls produced: a wire-shaped object read by the lookup's results, and the result's id. */
export interface WireResult {
  readonly wire: Values;
  readonly id: string;
}

/**
 * A lookup whose calls do not fit listLookup (results inside `Result`, one object instead of a list,
 * several calls per result): `run` makes the calls and assembles the wire object; the descriptor reads
 * it (secrets wrapped), the id is set, and `resultOutputFile` is written, as for every lookup.
 */
export function wireLookup(
  run: (provider: CloudplatProvider, args: Values, signal: AbortSignal | undefined) => Promise<WireResult>,
): LookupFactory {
  return (p, d) => async (args, ctx) => {
    const { wire, id } = await run(p, args, ctx.signal);
    const result = { ...fromWire(d.results, wire), id };
    if (typeof args.resultOutputFile === "string") await writeResultFile(d.name, args.resultOutputFile, result);
    return result;
  };
}

/** `Response.Result` of one call that answers a single object there (the API gateway's habit). */
export async function resultOf(
  p: CloudplatProvider,
  service: string,
  action: string,
  params: Values,
  signal: AbortSignal | undefined,
): Promise<Values> {
  const response = await p.client.call<{ Result?: Values }>(service, action, params, { signal });
  return response.Result ?? {};
}
