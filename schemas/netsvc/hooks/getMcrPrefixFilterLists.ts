import { mapConcurrent } from "@sdkgen/runtime";
import { TAG_CONCURRENCY, type NetsvcLookupHooks } from "@sdkgen/runtime/netsvc";
import type { GetMcrPrefixFilterListsArgs } from "../lookups/getMcrPrefixFilterLists.js";

/** getMcrPrefixFilterLists (§3.8, §4.4): the path lists summaries; each list is read in full. */
export const hooks: NetsvcLookupHooks<GetMcrPrefixFilterListsArgs> = {
  answer(answer, args, ctx) {
    const mcr = encodeURIComponent(args.mcrId);
    return mapConcurrent((answer as { id: unknown }[] | null) ?? [], TAG_CONCURRENCY, (s) =>
      ctx.client.call("GET", `/v2/product/mcr2/${mcr}/prefixList/${String(s.id)}`, { signal: ctx.signal }),
    );
  },
};
