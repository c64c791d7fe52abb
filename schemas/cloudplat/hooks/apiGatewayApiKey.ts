import type { CloudplatHookContext, CloudplatHooks } from "@sdkgen/runtime/cloudplat";
import { revealValue, ValidationError } from "@sdkgen/runtime";
import { expectTrue } from "@sdkgen/runtime/cloudplat";
import type { ApiGatewayApiKeyArgs, ApiGatewayApiKeyOutputs } from "../resources/apiGatewayApiKey.js";

/**
 * What ApiGatewayApiKey's bindings cannot say (wire reference §5.9): only a manual key sends its pair;
 * the status is its own pair of actions (a key asked `off` is disabled after the create) and reads as
 * 1/0; only a manual key's secret can change; and the platform deletes only a disabled key.
 */
export const hooks: CloudplatHooks<ApiGatewayApiKeyArgs, ApiGatewayApiKeyOutputs> = {
  createRequest(params) {
    if (params.AccessKeyType === "manual") return;
    delete params.AccessKeyId;
    delete params.AccessKeySecret;
  },

  async afterCreate(id, args, ctx) {
    if (args.status === "off") await setStatus(id, "off", ctx);
  },

  afterRead(state, item) {
    state.status = item.Status === 0 ? "off" : "on";
  },

  async update(id, desired, current, changed, ctx) {
    if (changed.has("accessKeySecret")) {
      if (current.accessKeyType !== "manual")
        throw new ValidationError([
          {
            path: "ApiGatewayApiKey.accessKeySecret",
            message:
              "ApiGatewayApiKey.accessKeySecret cannot be changed after creation: the platform generates an automatic key's secret",
          },
        ]);
      const secret = String(revealValue(desired.accessKeySecret));
      await ctx.client.call("apigateway", "UpdateApiKey", { AccessKeyId: id, AccessKeySecret: secret }, call(ctx));
    }
    if (changed.has("status")) await setStatus(id, desired.status ?? "on", ctx);
  },

  async beforeDelete(id, current, ctx) {
    if (current.status !== "off") await setStatus(id, "off", ctx);
  },
};

const call = (ctx: CloudplatHookContext) => ({ signal: ctx.signal, resource: ctx.resource });

async function setStatus(id: string, status: string, ctx: CloudplatHookContext): Promise<void> {
  const action = status === "off" ? "DisableApiKey" : "EnableApiKey";
  expectTrue(await ctx.client.call("apigateway", action, { AccessKeyId: id }, call(ctx)), action, ctx.resource);
}
