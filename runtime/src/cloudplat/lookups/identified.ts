import type { Values } from "../../lifecycle/resource.js";

/**
 * The `id` filter of a lookup (seed: "lookups that take an `id` input use it to filter by that
 * identifier"): keeps, in each list a path names, only the items whose id field equals `id`. A path
 * walks wire keys, `[]` marking a list, and ends in the item's id field: `EventList[].Id`,
 * `Result[].ApiAppApiSet[].ApiAppId` (outer lists are kept, their inner lists filtered).
 */
export function keepIdentified(wire: Values, paths: readonly string[], id: string): Values {
  return paths.reduce((w, path) => keepAt(w, path.split("[]."), id) ?? w, wire);
}

function keepAt(value: Values | null, segments: readonly string[], id: string): Values | null {
  const [key, ...rest] = segments;
  const list = key === undefined || value === null ? undefined : value[key];
  if (key === undefined || !Array.isArray(list)) return value;
  const items = list as (Values | null)[];
  const [field] = rest;
  return {
    ...value,
    [key]:
      rest.length === 1 && field !== undefined
        ? items.filter((item) => item !== null && String(item[field]) === id)
        : items.map((item) => keepAt(item, rest, id)),
  };
}

/**
 * Whether an item may survive the `id` filter: for lookups that make a call per listed item, so that
 * only the item `id` names is read further (keepIdentified would drop the others afterwards anyway).
 */
export const mayBeIdentified =
  (id: unknown, field: string) =>
  (item: Values): boolean =>
    typeof id !== "string" || String(item[field]) === id;
