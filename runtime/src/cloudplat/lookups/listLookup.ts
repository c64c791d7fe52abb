import { createHash } from "node:crypto";
import type { LookupDescriptor } from "../../descriptor.js";
import type { LookupOps } from "../../lifecycle/lookup.js";
import type { Values } from "../../lifecycle/resource.js";
import { collectPages, type PageStyle } from "../pagination.js";
import type { CloudplatProvider } from "../provider.js";
import { wireLookup } from "./wireLookup.js";

/** How a lookup is run, given the provider and the lookup's descriptor. */
export type LookupFactory = (provider: CloudplatProvider, d: LookupDescriptor) => LookupOps;

/** A `Filters` entry of the vpc style: `{Name, Values}`, only for inputs that were given. */
export const filter = (name: string, value: unknown): Values[] =>
  value === undefined ? [] : [{ Name: name, Values: [String(value)] }];

/** A stable id for a list result: the hash of its items' ids (the Terraform provider's habit, made deterministic). */
export const hashOfIds = (ids: readonly unknown[]): string =>
  createHash("sha256").update(ids.map(String).join("\n")).digest("hex").slice(0, 16);

/** A lookup over one paged list action: every page collected, mapped into the result's one list field. */
export interface ListLookup {
  readonly service: string;
  readonly action: string;
  readonly style: PageStyle;
  /** The wire name of the list in the response (also the list output's wireName). */
  readonly listKey: string;
  readonly pageSize?: number | undefined;
  /** The request, from the validated arguments (paging fields are added). */
  readonly params: (args: Values) => Values;
  /** The wire id of an item: what the `id` input filters by, hashed into the result's id. */
  readonly itemId: string;
}

export function listLookup(spec: ListLookup): LookupFactory {
  return wireLookup({
    run: async (p, args, signal) => ({
      [spec.listKey]: await collectPages<Values>(
        p.client,
        spec.service,
        spec.action,
        spec.params(args),
        { style: spec.style, listKey: spec.listKey, pageSize: spec.pageSize },
        { signal },
      ),
    }),
    identifiedBy: [`${spec.listKey}[].${spec.itemId}`],
    id: (_args, wire) => hashOfIds((wire[spec.listKey] as Values[]).map((i) => i[spec.itemId])),
  });
}
