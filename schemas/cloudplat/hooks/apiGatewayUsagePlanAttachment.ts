import type { Values } from "@sdkgen/runtime";
import type { CloudplatHookContext, CloudplatHooks } from "@sdkgen/runtime/cloudplat";
import { ValidationError } from "@sdkgen/runtime";
import { CloudplatError, collectPages, expectTrue } from "@sdkgen/runtime/cloudplat";
import type {
  ApiGatewayUsagePlanAttachmentArgs,
  ApiGatewayUsagePlanAttachmentOutputs,
} from "../resources/apiGatewayUsagePlanAttachment.js";

type Attachment = Pick<
  ApiGatewayUsagePlanAttachmentOutputs,
  "usagePlanId" | "serviceId" | "environment" | "bindType" | "apiId" | "accessKeyIds"
>;

/** The answers that the plan, the service or the API is gone. */
const GONE = ["ResourceNotFound.InvalidUsagePlan", "ResourceNotFound.InvalidService", "ResourceNotFound.InvalidApi"];

/**
 * What ApiGatewayUsagePlanAttachment's bindings cannot say (wire reference §5.6): an API binding
 * names its API in a list; its API keys (validation admits them on an API binding only) are bound to
 * the plan beside the environment, after checks the reference provider makes first;
 * the binding is found in the service's or the API's usage-plan list, which find reads too.
 */
export const hooks: CloudplatHooks<ApiGatewayUsagePlanAttachmentArgs, ApiGatewayUsagePlanAttachmentOutputs> = {
  createRequest: withApi,
  deleteRequest: withApi,

  async beforeCreate(args, ctx) {
    const keys = args.accessKeyIds ?? [];
    if (args.bindType === "API" && keys.length > 0) {
      const api = await call("DescribeApi", { ServiceId: args.serviceId, ApiId: args.apiId }, ctx);
      if ((api.Result as Values | undefined)?.AuthType !== "SECRET")
        throw new ValidationError([
          {
            path: "ApiGatewayUsagePlanAttachment.accessKeyIds",
            message: `ApiGatewayUsagePlanAttachment.accessKeyIds needs API ${args.apiId} to use SECRET authentication`,
          },
        ]);
    }
    await call("DescribeUsagePlan", { UsagePlanId: args.usagePlanId }, ctx);
    await call("DescribeService", { ServiceId: args.serviceId }, ctx);
  },

  async afterCreate(_id, args, ctx) {
    const keys = args.accessKeyIds ?? [];
    if (keys.length === 0) return;
    const answer = await call("BindSecretIds", { UsagePlanId: args.usagePlanId, AccessKeyIds: keys }, ctx);
    expectTrue(answer, "BindSecretIds", ctx.resource);
  },

  async read(id, ctx) {
    const a = parse(id);
    try {
      await call("DescribeUsagePlan", { UsagePlanId: a.usagePlanId }, ctx);
      if (!(await isBound(a, ctx))) return undefined;
      const keys = a.accessKeyIds?.length
        ? await pages("DescribeUsagePlanSecretIds", { UsagePlanId: a.usagePlanId }, "AccessKeyList", ctx)
        : [];
      const bound = new Set(keys.map((k) => String(k.AccessKeyId)));
      return { ...a, ...(a.accessKeyIds && { accessKeyIds: a.accessKeyIds.filter((k) => bound.has(k)) }) };
    } catch (e) {
      if (e instanceof CloudplatError && GONE.includes(e.code)) return undefined;
      throw e;
    }
  },

  async beforeDelete(id, _current, ctx) {
    const a = parse(id);
    if (a.accessKeyIds?.length)
      await call("UnBindSecretIds", { UsagePlanId: a.usagePlanId, AccessKeyIds: a.accessKeyIds }, ctx);
  },

  async list(filter, ctx) {
    const serviceId = filter.serviceId;
    if (typeof serviceId !== "string")
      throw new ValidationError([
        {
          path: "ApiGatewayUsagePlanAttachment.serviceId",
          message: "ApiGatewayUsagePlanAttachment.find needs serviceId: bindings are listed per service",
        },
      ]);
    const id = (u: Values, bindType: "SERVICE" | "API") =>
      [u.UsagePlanId, serviceId, u.Environment, bindType, bindType === "API" ? u.ApiId : "", ""].map(String).join("#");
    const service = await pages("DescribeServiceUsagePlan", { ServiceId: serviceId }, "ServiceUsagePlanList", ctx);
    const api = await pages("DescribeApiUsagePlan", { ServiceId: serviceId }, "ApiUsagePlanList", ctx);
    return [...service.map((u) => id(u, "SERVICE")), ...api.map((u) => id(u, "API"))];
  },
};

/** BindEnvironment and UnBindEnvironment name an API binding's API in a list. */
function withApi(
  params: Values,
  values: { readonly bindType?: string | undefined; readonly apiId?: string | undefined },
) {
  if (values.bindType === "API") params.ApiIds = [values.apiId];
}

/** The six-part id `usagePlanId#serviceId#environment#bindType#apiId#accessKeyIds`; another is refused, as the reference provider's reader does. */
function parse(id: string): Attachment {
  const segments = id.split("#");
  if (segments.length !== 6)
    throw new ValidationError([
      {
        path: "ApiGatewayUsagePlanAttachment.id",
        message: `ApiGatewayUsagePlanAttachment id "${id}" has ${segments.length} segments, not 6 (usagePlanId#serviceId#environment#bindType#apiId#accessKeyIds)`,
      },
    ]);
  const [usagePlanId = "", serviceId = "", environment = "", bindType = "", apiId = "", keys = ""] = segments;
  const accessKeyIds = keys.split(",").filter(Boolean);
  return {
    usagePlanId,
    serviceId,
    environment: environment as Attachment["environment"],
    bindType: bindType as Attachment["bindType"],
    ...(apiId && { apiId }),
    ...(accessKeyIds.length && { accessKeyIds }),
  };
}

/** Whether the service's (or its APIs') usage-plan list holds the binding. */
async function isBound(a: Attachment, ctx: CloudplatHookContext): Promise<boolean> {
  const [action, listKey] =
    a.bindType === "API"
      ? ["DescribeApiUsagePlan", "ApiUsagePlanList"]
      : ["DescribeServiceUsagePlan", "ServiceUsagePlanList"];
  const list = await pages(action, { ServiceId: a.serviceId }, listKey, ctx);
  return list.some(
    (u) =>
      u.UsagePlanId === a.usagePlanId &&
      u.Environment === a.environment &&
      (a.bindType !== "API" || u.ApiId === a.apiId),
  );
}

const options = (ctx: CloudplatHookContext) => ({ signal: ctx.signal, resource: ctx.resource });

const call = (action: string, params: object, ctx: CloudplatHookContext) =>
  ctx.client.call<Values>("apigateway", action, params, options(ctx));

const pages = (action: string, params: object, listKey: string, ctx: CloudplatHookContext) =>
  collectPages<Values>(ctx.client, "apigateway", action, params, { style: "apigateway", listKey }, options(ctx));
