/**
 * The three paging styles of reference §2.4, all Offset/Limit but typed and totalled differently:
 *   vpc         `Offset`/`Limit` are strings ("0", "100"); the total is top-level `TotalCount`
 *   apigateway  integers; the total is `Result.TotalCount` beside the list
 *   antiddos    unsigned integers; the total is top-level `Total`
 * Each handler places the total where its action does; this module only reads the window and slices.
 */
import { invalidType, invalidValue } from "./envelope.js";
import type { Params } from "./params.js";

export type PageStyle = "vpc" | "apigateway" | "antiddos";

export interface PageOptions {
  /** Limit when none is given. */
  defaultLimit?: number;
  /** Largest accepted Limit. */
  maxLimit?: number;
}

export function page<T>(p: Params, items: readonly T[], style: PageStyle, options: PageOptions = {}): T[] {
  const maxLimit = options.maxLimit ?? 100;
  const offset = style === "vpc" ? stringInt(p, "Offset") : p.optInt("Offset", { min: 0 });
  const limit = style === "vpc" ? stringInt(p, "Limit") : p.optInt("Limit", { min: style === "antiddos" ? 0 : 1 });
  const size = limit ?? options.defaultLimit ?? 20;
  if (size > maxLimit) throw invalidValue("Limit", size, `must be at most ${maxLimit}`);
  const start = offset ?? 0;
  return items.slice(start, start + size);
}

/** VPC takes its window as decimal strings; a JSON number is a type error there. */
function stringInt(p: Params, name: string): number | undefined {
  const v = p.optStr(name);
  if (v === undefined) return undefined;
  if (!/^\d+$/.test(v)) throw invalidType(name, "String of a non-negative integer");
  return Number(v);
}
