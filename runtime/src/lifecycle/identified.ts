import type { Values } from "./resource.js";

/**
 * The `id` filter of a lookup (seed: "lookups that take an `id` input use it to filter by that
 * identifier"): keeps, in each list a path names, only the items whose id field equals `id`. A path
 * walks wire keys, `[]` marking a list, and ends in the item's id field: `EventList[].Id`,
 * `Result[].ApiAppApiSet[].ApiAppId` (outer lists are kept, their inner lists filtered). A single
 * object where a path expects a list counts as a list of one, as the outputs read it.
 */
export function keepIdentified(wire: Values, paths: readonly string[], id: string): Values {
  return paths.reduce((w, path) => keepAt(w, path.split("[]."), id) ?? w, wire);
}

function keepAt(value: Values | null, segments: readonly string[], id: string): Values | null {
  const [key, ...rest] = segments;
  const items = key === undefined || value === null ? undefined : listAt(value, key);
  if (key === undefined || items === undefined) return value;
  const [field] = rest;
  return {
    ...value!,
    [key]:
      rest.length === 1 && field !== undefined
        ? items.filter((item) => item !== null && String(item[field]) === id)
        : items.map((item) => keepAt(item, rest, id)),
  };
}

/** The ids of the items a path names (see keepIdentified), through every list on the way, in order. */
export function idsAt(wire: Values, path: string): unknown[] {
  const walk = (value: Values | null, segments: readonly string[]): unknown[] => {
    const [key, ...rest] = segments;
    if (value === null || key === undefined) return [];
    if (rest.length === 0) return [value[key]];
    return (listAt(value, key) ?? []).flatMap((item) => walk(item, rest));
  };
  return walk(wire, path.split("[]."));
}

function listAt(value: Values, key: string): (Values | null)[] | undefined {
  const v = value[key];
  if (Array.isArray(v)) return v as (Values | null)[];
  return v !== null && typeof v === "object" ? [v as Values] : undefined;
}

/**
 * Whether an item may survive the `id` filter: for hooks that make a call per listed item, so that
 * only the item `id` names is read further (keepIdentified would drop the others afterwards anyway).
 */
export const mayBeIdentified =
  (id: unknown, field: string) =>
  (item: Values): boolean =>
    typeof id !== "string" || String(item[field]) === id;
