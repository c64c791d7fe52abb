import type { LookupDescriptor } from "../descriptor.js";
import { unknownKeys } from "../suggest.js";
import { validateInput } from "../validate.js";
import { warnDeprecated } from "./deprecation.js";
import { providerFor, type ProviderSource } from "./providerSource.js";
import type { CallContext, Values } from "./resource.js";
import { wrapSecrets } from "./wire.js";

/** What a provider protocol implements per lookup: from validated arguments to the result's outputs. */
export type LookupOps = (args: Values, ctx: CallContext) => Promise<Values>;

export interface LookupRuntime {
  lookup(descriptor: LookupDescriptor): LookupOps;
}

export interface LookupOptions<P extends LookupRuntime = LookupRuntime> {
  readonly provider?: P | undefined;
  readonly signal?: AbortSignal | undefined;
}

const LOOKUP_OPTIONS = Object.keys({ provider: 0, signal: 0 } satisfies Record<keyof LookupOptions, 0>);

/**
 * A lookup call: validates the arguments (every violation at once, with the configuration problems of a
 * provider built from the environment, before any request), warns about
 * deprecated arguments, runs the provider's operation, and returns its outputs with the arguments
 * echoed back, as the result type declares (`Result`, the generated type the descriptor's results describe).
 */
export async function invokeLookup<Result = Values>(
  d: LookupDescriptor,
  args: object,
  source: ProviderSource<LookupRuntime>,
  options: LookupOptions = {},
): Promise<Result> {
  const provider = providerFor(source, [
    ...validateInput(d.name, d.inputs, args),
    ...unknownKeys(d.name, options, LOOKUP_OPTIONS),
  ]);
  const given = args as Values;
  warnDeprecated(d.name, d.inputs, given);
  const outputs = await provider.lookup(d)(given, { signal: options.signal });
  const echoed = Object.fromEntries(
    Object.entries(given).filter(([name, v]) => v !== undefined && name in d.results && !(name in outputs)),
  );
  return wrapSecrets(d.results, { ...echoed, ...outputs }) as Result;
}
