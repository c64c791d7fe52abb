import type { Values } from "@sdkgen/runtime";
import type { CloudplatHookContext, CloudplatHooks } from "@sdkgen/runtime/cloudplat";
import { ValidationError } from "@sdkgen/runtime";
import { CloudplatError, collectPages } from "@sdkgen/runtime/cloudplat";
import type {
  ApiGatewayServiceReleaseArgs,
  ApiGatewayServiceReleaseOutputs,
} from "../resources/apiGatewayServiceRelease.js";

/** Whether the environment serves the release: seen by the wait only, so neither a field nor in JSON. */
const RELEASED = "released";

/**
 * What ApiGatewayServiceRelease's bindings cannot say (wire reference §5.3): a service without APIs
 * cannot be released; ReleaseService answers the version at once, but the environment serves it only
 * once DescribeService lists it in `AvailableEnvironments`, so the read carries that and the wait
 * polls for it. The release is an entry of the environment's history, and find lists the versions
 * the service's environments serve.
 */
export const hooks: CloudplatHooks<ApiGatewayServiceReleaseArgs, ApiGatewayServiceReleaseOutputs> = {
  async beforeCreate(args, ctx) {
    const service = await call("DescribeService", { ServiceId: args.serviceId }, ctx);
    if (Number(service.ApiTotalCount ?? 0) < 1)
      throw new ValidationError([
        {
          path: "ApiGatewayServiceRelease.serviceId",
          message: `ApiGatewayServiceRelease: service ${args.serviceId} has no API to release`,
        },
      ]);
  },

  async read(id, ctx) {
    const [serviceId = "", environmentName = "", ...rest] = id.split("#");
    const releaseVersion = rest.join("#");
    try {
      const history = await pages(
        "DescribeServiceEnvironmentReleaseHistory",
        { ServiceId: serviceId, EnvironmentName: environmentName },
        "VersionList",
        ctx,
      );
      const entry = history.find((h) => h.VersionName === releaseVersion);
      if (!entry) return undefined;
      const service = await call("DescribeService", { ServiceId: serviceId }, ctx);
      const available = ((service.AvailableEnvironments ?? []) as string[]).includes(environmentName);
      const state = {
        serviceId,
        environmentName: environmentName as ApiGatewayServiceReleaseOutputs["environmentName"],
        releaseVersion,
        releaseDesc: String(entry.VersionDesc ?? ""),
      };
      return Object.defineProperty(state, RELEASED, { value: available, enumerable: false });
    } catch (e) {
      if (e instanceof CloudplatError && e.code === "ResourceNotFound.InvalidService") return undefined;
      throw e;
    }
  },

  classify: (state) =>
    (state as Values)[RELEASED] === true
      ? { state: "ready", status: "RELEASED" }
      : { state: "pending", status: "RELEASING" },

  async list(filter, ctx) {
    const serviceId = filter.serviceId;
    if (typeof serviceId !== "string")
      throw new ValidationError([
        {
          path: "ApiGatewayServiceRelease.serviceId",
          message: "ApiGatewayServiceRelease.find needs serviceId: releases are listed per service",
        },
      ]);
    const envs = await pages("DescribeServiceEnvironmentList", { ServiceId: serviceId }, "EnvironmentList", ctx, 20);
    return envs
      .filter((e) => e.VersionName)
      .map((e) => `${serviceId}#${String(e.EnvironmentName)}#${String(e.VersionName)}`);
  },
};

const options = (ctx: CloudplatHookContext) => ({ signal: ctx.signal, resource: ctx.resource });

const call = (action: string, params: object, ctx: CloudplatHookContext) =>
  ctx.client.call<Values>("apigateway", action, params, options(ctx));

const pages = (action: string, params: object, listKey: string, ctx: CloudplatHookContext, pageSize?: number) =>
  collectPages<Values>(
    ctx.client,
    "apigateway",
    action,
    params,
    { style: "apigateway", listKey, ...(pageSize && { pageSize }) },
    options(ctx),
  );
