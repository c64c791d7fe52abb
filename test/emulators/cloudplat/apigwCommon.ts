/** Lookups and shapes shared by the API gateway actions (reference §4.3, §5). */
import type { Ctx } from "./actions.js";
import { ApiError } from "./envelope.js";
import { page, type PageOptions } from "./paging.js";
import type { ApiRec, ServiceRec } from "./state.js";
import { ENVS, type Env } from "./types.js";

export function service(ctx: Ctx, id = ctx.p.str("ServiceId")): ServiceRec {
  const s = ctx.store.services.get(id);
  if (!s) throw new ApiError("ResourceNotFound.InvalidService", `The service \`${id}\` does not exist.`);
  return s;
}

export function api(ctx: Ctx, serviceId: string, id = ctx.p.str("ApiId")): ApiRec {
  const a = ctx.store.apis.get(id);
  if (!a || a.serviceId !== serviceId)
    throw new ApiError("ResourceNotFound.InvalidApi", `The API \`${id}\` does not exist.`);
  return a;
}

export const env = (ctx: Ctx, name = "EnvironmentName"): Env => ctx.p.enum(name, ENVS);

/** `Result: {TotalCount, <listName>: page}` — the API gateway paging style (§2.4). */
export function listResult<T>(ctx: Ctx, all: readonly T[], listName: string, options: PageOptions = {}) {
  const items = page(ctx.p, all, "apigateway", options);
  ctx.p.done();
  return { Result: { TotalCount: all.length, [listName]: items } };
}

/** The service's environments whose release has completed at `now`. */
export const released = (s: ServiceRec, now: number): Env[] =>
  ENVS.filter((e) => {
    const r = s.releases.get(e);
    return r !== undefined && r.readyAt <= now;
  });

export const apisOf = (ctx: Ctx, serviceId: string): ApiRec[] =>
  [...ctx.store.apis.values()].filter((a) => a.serviceId === serviceId);
