import type { Values } from "../../lifecycle/resource.js";
import { fromWire } from "../../lifecycle/wire.js";
import { ValidationError } from "../../validate.js";
import type { CloudplatProvider } from "../provider.js";
import { keepIdentified } from "./identified.js";
import type { LookupFactory } from "./listLookup.js";
import { writeResultFile } from "./resultFile.js";

/** How one lookup runs: its calls, where its identified objects are, and its result's id. */
export interface WireLookup {
  /** Makes the calls and assembles the wire-shaped object the descriptor's results read. */
  readonly run: (provider: CloudplatProvider, args: Values, signal: AbortSignal | undefined) => Promise<Values>;
  /**
   * The lists the `id` input filters, as paths to each item's id field (see keepIdentified). Absent
   * for a lookup that answers one result (a trend, a count, one service): `id` then names that result.
   */
  readonly identifiedBy?: readonly string[] | undefined;
  /** The result's id, from the arguments and the wire object once filtered by `id`. */
  readonly id: (args: Values, wire: Values) => string;
}

/**
 * Every cloudplat lookup: `run` makes the calls; the `id` input keeps only the objects with that
 * identifier, one rule for all lookups; the descriptor reads the wire object (secrets wrapped), the id
 * is set, and `resultOutputFile` is written.
 */
export function wireLookup(spec: WireLookup): LookupFactory {
  return (p, d) => async (args, ctx) => {
    const answered = await spec.run(p, args, ctx.signal);
    const wanted = typeof args.id === "string" ? args.id : undefined;
    const wire =
      wanted !== undefined && spec.identifiedBy ? keepIdentified(answered, spec.identifiedBy, wanted) : answered;
    const id = spec.id(args, wire);
    if (wanted !== undefined && !spec.identifiedBy && wanted !== id)
      throw new ValidationError([
        {
          path: `${d.name}.id`,
          message: `${d.name}.id: "${wanted}" is not this query's result, whose id is "${id}" (${d.name} answers one result, and \`id\` names it)`,
        },
      ]);
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
