import type { CloudplatCallOptions, CloudplatClient } from "./client.js";

/**
 * The three paging conventions (wire reference §2.4), all `Offset` + `Limit`:
 * - `vpc`: both sent as strings; the list and `TotalCount` at the top of `Response`;
 * - `apigateway`: numbers; the list and `TotalCount` inside `Response.Result`;
 * - `antiddos`: numbers; the list at the top of `Response`, the total in `Total`.
 */
export type PageStyle = "vpc" | "apigateway" | "antiddos";

export interface PageSpec {
  readonly style: PageStyle;
  /** The list's field: `AddressTemplateSet`, `ApiIdStatusSet`, `BGPInstanceList`, … */
  readonly listKey: string;
  /** Items asked per page (default 100; some actions cap it at 20). */
  readonly pageSize?: number | undefined;
}

/** The request fields of one page in a style. */
export function pageParams(style: PageStyle, offset: number, limit: number): Record<string, string | number> {
  return style === "vpc" ? { Offset: String(offset), Limit: String(limit) } : { Offset: offset, Limit: limit };
}

/** The items and the announced total of one page's `Response`. */
export function pageOf(
  style: PageStyle,
  listKey: string,
  response: Record<string, unknown>,
): { items: unknown[]; total: number | undefined } {
  const holder = style === "apigateway" ? (response.Result as Record<string, unknown> | undefined) : response;
  const items = holder?.[listKey];
  const total = style === "antiddos" ? holder?.Total : holder?.TotalCount;
  return { items: Array.isArray(items) ? items : [], total: typeof total === "number" ? total : undefined };
}

/**
 * Every item of a paged list action, page after page. Stops at a short or empty page, or once the
 * announced total is reached (so a full last page costs no extra request).
 */
export async function collectPages<T = unknown>(
  client: CloudplatClient,
  service: string,
  action: string,
  params: object,
  spec: PageSpec,
  options: CloudplatCallOptions = {},
): Promise<T[]> {
  const limit = spec.pageSize ?? 100;
  const all: unknown[] = [];
  for (let offset = 0; ; offset += limit) {
    const response = await client.call(
      service,
      action,
      { ...params, ...pageParams(spec.style, offset, limit) },
      options,
    );
    const { items, total } = pageOf(spec.style, spec.listKey, response);
    all.push(...items);
    if (items.length < limit || (total !== undefined && all.length >= total)) return all as T[];
  }
}
