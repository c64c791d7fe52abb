import type { ResourceDescriptor } from "../../descriptor.js";
import type { CallContext, KindOps, Values } from "../../lifecycle/resource.js";
import { ValidationError } from "../../validate.js";
import { collectPages } from "../pagination.js";
import type { CloudplatProvider } from "../provider.js";
import { expectTrue, gatewayCall, unlessNotFound } from "./gateway.js";

const NOT_FOUND = [
  "ResourceNotFound.InvalidUsagePlan",
  "ResourceNotFound.InvalidService",
  "ResourceNotFound.InvalidApi",
];

interface Attachment {
  usagePlanId: string;
  serviceId: string;
  environment: string;
  bindType: string;
  apiId: string;
  accessKeyIds: string[];
}

/**
 * ApiGatewayUsagePlanAttachment (wire reference §5.6): a usage plan bound to a service or one of its
 * APIs in an environment, with API keys bound to the plan beside it. It has no update (every input
 * replaces it); its id is the six-part import id
 * `usagePlanId#serviceId#environment#bindType#apiId#accessKeyIds`. Keys are bound for any binding
 * that names them, so the input is never silently dropped.
 */
export function usagePlanAttachmentOps(p: CloudplatProvider, d: ResourceDescriptor): KindOps {
  const call = gatewayCall(p, d);
  const format = (a: Attachment) =>
    [a.usagePlanId, a.serviceId, a.environment, a.bindType, a.apiId, a.accessKeyIds.join(",")].join("#");
  const parse = (id: string): Attachment => {
    const [usagePlanId = "", serviceId = "", environment = "", bindType = "", apiId = "", keys = ""] = id.split("#");
    return { usagePlanId, serviceId, environment, bindType, apiId, accessKeyIds: keys.split(",").filter(Boolean) };
  };
  const of = (v: Values): Attachment => ({
    usagePlanId: String(v.usagePlanId),
    serviceId: String(v.serviceId),
    environment: String(v.environment),
    bindType: String(v.bindType ?? d.fields.bindType!.default),
    apiId: typeof v.apiId === "string" ? v.apiId : "",
    accessKeyIds: Array.isArray(v.accessKeyIds) ? v.accessKeyIds.map(String) : [],
  });
  const environment = (a: Attachment) => ({
    ServiceId: a.serviceId,
    UsagePlanIds: [a.usagePlanId],
    Environment: a.environment,
    BindType: a.bindType,
    ...(a.bindType === "API" ? { ApiIds: [a.apiId] } : {}),
  });
  const ref = (a: Attachment) => ({ id: format(a), name: a.usagePlanId });
  const bound = async (a: Attachment, ctx: CallContext) => {
    const [action, listKey] =
      a.bindType === "API"
        ? ["DescribeApiUsagePlan", "ApiUsagePlanList"]
        : ["DescribeServiceUsagePlan", "ServiceUsagePlanList"];
    const list = await collectPages<Values>(
      p.client,
      "apigateway",
      action,
      { ServiceId: a.serviceId },
      { style: "apigateway", listKey },
      { signal: ctx.signal, resource: { token: d.token, ...ref(a) } },
    );
    return list.some(
      (u) =>
        u.UsagePlanId === a.usagePlanId &&
        u.Environment === a.environment &&
        (a.bindType !== "API" || u.ApiId === a.apiId),
    );
  };
  return {
    create: async (args, ctx) => {
      const a = of(args);
      if (a.bindType === "API" && a.accessKeyIds.length > 0) {
        const api = await call("DescribeApi", { ServiceId: a.serviceId, ApiId: a.apiId }, ctx, ref(a));
        if ((api.Result as Values | undefined)?.AuthType !== "SECRET")
          throw new ValidationError([
            {
              path: `${d.name}.accessKeyIds`,
              message: `${d.name}.accessKeyIds needs API ${a.apiId} to use SECRET authentication`,
            },
          ]);
      }
      await call("DescribeUsagePlan", { UsagePlanId: a.usagePlanId }, ctx, ref(a));
      await call("DescribeService", { ServiceId: a.serviceId }, ctx, ref(a));
      expectTrue(await call("BindEnvironment", environment(a), ctx, ref(a)), "BindEnvironment", {
        token: d.token,
        ...ref(a),
      });
      if (a.accessKeyIds.length > 0)
        expectTrue(
          await call("BindSecretIds", { UsagePlanId: a.usagePlanId, AccessKeyIds: a.accessKeyIds }, ctx, ref(a)),
          "BindSecretIds",
          { token: d.token, ...ref(a) },
        );
      return format(a);
    },
    read: (id, ctx) =>
      unlessNotFound(NOT_FOUND, async () => {
        const a = parse(id);
        await call("DescribeUsagePlan", { UsagePlanId: a.usagePlanId }, ctx, ref(a));
        if (!(await bound(a, ctx))) return undefined;
        const keys = a.accessKeyIds.length
          ? await collectPages<Values>(
              p.client,
              "apigateway",
              "DescribeUsagePlanSecretIds",
              { UsagePlanId: a.usagePlanId },
              { style: "apigateway", listKey: "AccessKeyList" },
              { signal: ctx.signal, resource: { token: d.token, ...ref(a) } },
            )
          : [];
        const boundKeys = new Set(keys.map((k) => String(k.AccessKeyId)));
        return {
          usagePlanId: a.usagePlanId,
          serviceId: a.serviceId,
          environment: a.environment,
          bindType: a.bindType,
          ...(a.apiId ? { apiId: a.apiId } : {}),
          ...(a.accessKeyIds.length ? { accessKeyIds: a.accessKeyIds.filter((k) => boundKeys.has(k)) } : {}),
        };
      }),
    update: () => Promise.reject(new Error(`${d.name} has no update: every input replaces it`)),
    remove: async (id, _current, ctx) => {
      const a = parse(id);
      await unlessNotFound(NOT_FOUND, async () => {
        if (a.accessKeyIds.length > 0)
          await call("UnBindSecretIds", { UsagePlanId: a.usagePlanId, AccessKeyIds: a.accessKeyIds }, ctx, ref(a));
        expectTrue(await call("UnBindEnvironment", environment(a), ctx, ref(a)), "UnBindEnvironment", {
          token: d.token,
          ...ref(a),
        });
      });
    },
    classify: () => ({ state: "ready", status: "BOUND" }),
    idFromImport: (f) => format(of(f)),
    list: async (state, ctx) => {
      if (typeof state.serviceId !== "string")
        throw new ValidationError([
          { path: `${d.name}.serviceId`, message: `${d.name}.find needs serviceId: bindings are listed per service` },
        ]);
      const page = (action: string, listKey: string) =>
        collectPages<Values>(
          p.client,
          "apigateway",
          action,
          { ServiceId: state.serviceId },
          { style: "apigateway", listKey },
          { signal: ctx.signal, resource: { token: d.token } },
        );
      const service = await page("DescribeServiceUsagePlan", "ServiceUsagePlanList");
      const api = await page("DescribeApiUsagePlan", "ApiUsagePlanList");
      const id = (u: Values, bindType: "SERVICE" | "API") =>
        format({
          usagePlanId: String(u.UsagePlanId),
          serviceId: String(state.serviceId),
          environment: String(u.Environment),
          bindType,
          apiId: bindType === "API" ? String(u.ApiId) : "",
          accessKeyIds: [],
        });
      return [...service.map((u) => id(u, "SERVICE")), ...api.map((u) => id(u, "API"))];
    },
  };
}
