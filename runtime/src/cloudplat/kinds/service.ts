import type { ResourceDescriptor } from "../../descriptor.js";
import type { CallContext, KindOps, Values } from "../../lifecycle/resource.js";
import { fromWire } from "../../lifecycle/wire.js";
import { collectPages } from "../pagination.js";
import type { CloudplatProvider } from "../provider.js";
import {
  ENVIRONMENTS,
  expectTrue,
  gatewayCall,
  isNotFound,
  listedIds,
  readyOnceRead,
  unlessNotFound,
} from "./gateway.js";
import { readServiceTags, writeServiceTags } from "./serviceTags.js";

const NOT_FOUND = ["ResourceNotFound.InvalidService"];

/** The QPS limit input of each environment. */
const LIMITS = { release: "releaseLimit", prepub: "preLimit", test: "testLimit" } as const;

/** The platform's "unlimited" strategy (−1) as the reference provider shows it. */
const UNLIMITED = 5000;

/**
 * ApiGatewayService (wire reference §5.1): CreateService answers the id at the top of `Response`;
 * the QPS limits are per-environment strategies and the tags live in the tag service, so both are
 * written after the create and on change, and read beside DescribeService, with the usage plans bound
 * to the service and its APIs. Update always sends the name, protocol, description and network types.
 * A released service cannot be deleted: delete unreleases every environment first.
 */
export function serviceOps(p: CloudplatProvider, d: ResourceDescriptor): KindOps {
  const call = gatewayCall(p, d);
  const name = (v: Values) => v.serviceName as string | undefined;
  const pages = (action: string, id: string, listKey: string, ctx: CallContext) =>
    collectPages<Values>(
      p.client,
      "apigateway",
      action,
      { ServiceId: id },
      { style: "apigateway", listKey },
      {
        signal: ctx.signal,
        resource: { token: d.token, id },
      },
    );
  const setLimits = async (id: string, desired: Values, current: Values, ctx: CallContext) => {
    for (const [env, field] of Object.entries(LIMITS)) {
      const want = desired[field];
      // Zero means "not set" in the reference provider, which never sends it.
      if (typeof want !== "number" || want === 0 || want === current[field]) continue;
      await call("ModifyServiceEnvironmentStrategy", { ServiceId: id, Strategy: want, EnvironmentNames: [env] }, ctx, {
        id,
        name: name(desired),
      });
    }
  };
  const usagePlans = async (id: string, ctx: CallContext) => {
    const seen = new Set<string>();
    const service = (await pages("DescribeServiceUsagePlan", id, "ServiceUsagePlanList", ctx)).flatMap((u) =>
      seen.has(String(u.UsagePlanId)) || !seen.add(String(u.UsagePlanId))
        ? []
        : [{ usagePlanId: String(u.UsagePlanId), usagePlanName: String(u.UsagePlanName ?? ""), bindType: "SERVICE" }],
    );
    const api = (await pages("DescribeApiUsagePlan", id, "ApiUsagePlanList", ctx)).map((u) => ({
      usagePlanId: String(u.UsagePlanId),
      usagePlanName: String(u.UsagePlanName ?? ""),
      bindType: "API",
      apiId: String(u.ApiId ?? ""),
    }));
    return [...service, ...api];
  };
  return {
    create: async (a, ctx) => {
      const res = await call(
        "CreateService",
        {
          ServiceName: a.serviceName,
          Protocol: a.protocol,
          NetTypes: a.netTypes,
          ...(a.serviceDesc === undefined ? {} : { ServiceDesc: a.serviceDesc }),
          ...(a.ipVersion === undefined ? {} : { IpVersion: a.ipVersion }),
          ...(a.instanceId === undefined ? {} : { InstanceId: a.instanceId }),
          ...(a.uniqVpcId === undefined ? {} : { UniqVpcId: a.uniqVpcId }),
        },
        ctx,
        { name: name(a) },
      );
      const id = String(res.ServiceId);
      await setLimits(id, a, {}, ctx);
      if (a.tags) await writeServiceTags(p, id, a.tags as Record<string, string>, {}, ctx);
      return id;
    },
    read: (id, ctx) =>
      unlessNotFound(NOT_FOUND, async () => {
        const wire = await call("DescribeService", { ServiceId: id }, ctx, { id });
        const envs = await pages("DescribeServiceEnvironmentStrategy", id, "EnvironmentList", ctx);
        const limits = Object.fromEntries(
          envs.flatMap((e) => {
            const field = LIMITS[e.EnvironmentName as keyof typeof LIMITS];
            return field ? [[field, e.Strategy === -1 ? UNLIMITED : Number(e.Strategy)]] : [];
          }),
        );
        return {
          ...fromWire(d.fields, wire),
          ...limits,
          usagePlanLists: await usagePlans(id, ctx),
          tags: await readServiceTags(p, id, ctx),
        };
      }),
    update: async (id, desired, current, diff, ctx) => {
      const ref = { id, name: name(current) };
      const changed = diff.changes.map((c) => c.field);
      if (changed.some((f) => ["serviceName", "protocol", "serviceDesc", "netTypes"].includes(f)))
        await call(
          "ModifyService",
          {
            ServiceId: id,
            ServiceName: desired.serviceName,
            Protocol: desired.protocol,
            ServiceDesc: desired.serviceDesc ?? current.serviceDesc ?? "",
            NetTypes: desired.netTypes,
          },
          ctx,
          ref,
        );
      await setLimits(id, desired, current, ctx);
      if (changed.includes("tags"))
        await writeServiceTags(
          p,
          id,
          desired.tags as Record<string, string>,
          (current.tags ?? {}) as Record<string, string>,
          ctx,
        );
    },
    remove: async (id, current, ctx) => {
      const ref = { id, name: name(current) };
      try {
        await writeServiceTags(p, id, {}, (current.tags ?? {}) as Record<string, string>, ctx);
        for (const env of ENVIRONMENTS) {
          const res = await call("UnReleaseService", { ServiceId: id, EnvironmentName: env }, ctx, ref);
          expectTrue(res, "UnReleaseService", { token: d.token, ...ref });
        }
        // The client retries UnsupportedOperation.UnsupportedDeleteService: an unrelease takes a moment.
        expectTrue(await call("DeleteService", { ServiceId: id }, ctx, ref), "DeleteService", {
          token: d.token,
          ...ref,
        });
      } catch (e) {
        if (!isNotFound(e, NOT_FOUND)) throw e;
      }
    },
    classify: readyOnceRead("apiGatewayServiceId"),
    list: listedIds(p, d, "apiGatewayServiceId", {
      action: "DescribeServicesStatus",
      listKey: "ServiceSet",
      wireId: "ServiceId",
      filters: { serviceName: "ServiceName" },
    }),
  };
}
