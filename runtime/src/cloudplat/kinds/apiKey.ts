import type { ResourceDescriptor } from "../../descriptor.js";
import type { CallContext, KindOps, Values } from "../../lifecycle/resource.js";
import { fromWire } from "../../lifecycle/wire.js";
import { revealValue } from "../../secret.js";
import { collectPages } from "../pagination.js";
import type { CloudplatProvider } from "../provider.js";
import { expectTrue, gatewayCall, guarded, rejectChanges, unlessNotFound } from "./gateway.js";

const NOT_FOUND = ["ResourceNotFound.InvalidAccessKeyId"];
const PAGES = { style: "apigateway", listKey: "ApiKeySet" } as const;

/**
 * ApiGatewayApiKey (wire reference §5.9): the key's access key id is its id. CreateApiKey answers the
 * pair (the secret stays a Secret, known to the redaction); a key asked `off` is then disabled.
 * DescribeApiKeysStatus filtered by id reads it, status 1/0 as on/off. The secret of a manual key
 * updates with UpdateApiKey, the status with Enable/DisableApiKey; the platform deletes only a
 * disabled key, so delete disables it first.
 */
export function apiKeyOps(p: CloudplatProvider, d: ResourceDescriptor): KindOps {
  const call = gatewayCall(p, d);
  const name = (v: Values) => v.secretName as string | undefined;
  const setStatus = async (id: string, status: unknown, v: Values, ctx: CallContext) => {
    const action = status === "off" ? "DisableApiKey" : "EnableApiKey";
    const ref = { id, name: name(v) };
    expectTrue(await call(action, { AccessKeyId: id }, ctx, ref), action, { token: d.token, ...ref });
  };
  const secretOf = (v: Values) =>
    v.accessKeySecret === undefined ? undefined : String(revealValue(v.accessKeySecret));
  return {
    create: async (a, ctx) => {
      const manual = a.accessKeyType === "manual";
      const secret = secretOf(a);
      const res = await call(
        "CreateApiKey",
        {
          SecretName: a.secretName,
          AccessKeyType: a.accessKeyType ?? "auto",
          ...(manual ? { AccessKeyId: a.accessKeyId, AccessKeySecret: secret } : {}),
        },
        ctx,
        { name: name(a) },
        { secrets: secret ? [secret] : [] },
      );
      const result = res.Result as Values;
      guarded(result.AccessKeySecret);
      const id = String(result.AccessKeyId);
      if (a.status === "off") await setStatus(id, "off", a, ctx);
      return id;
    },
    read: async (id, ctx) => {
      const [key] = await collectPages<Values>(
        p.client,
        "apigateway",
        "DescribeApiKeysStatus",
        { Filters: [{ Name: "AccessKeyId", Values: [id] }] },
        PAGES,
        { signal: ctx.signal, resource: { token: d.token, id } },
      );
      if (!key) return undefined;
      const state = fromWire(d.fields, key);
      const secret = guarded(key.AccessKeySecret);
      return {
        ...state,
        status: key.Status === 0 ? "off" : "on",
        ...(secret ? { accessKeySecret: secret } : {}),
      };
    },
    update: async (id, desired, current, diff, ctx) => {
      const changed = diff.changes.map((c) => c.field);
      // Only a manual key takes a secret from the user; the platform regenerates an automatic one.
      rejectChanges(
        d,
        changed,
        current.accessKeyType === "manual"
          ? ["accessKeyType", "accessKeyId"]
          : ["accessKeyType", "accessKeyId", "accessKeySecret"],
      );
      if (changed.includes("accessKeySecret")) {
        const secret = secretOf(desired);
        await call(
          "UpdateApiKey",
          { AccessKeyId: id, AccessKeySecret: secret },
          ctx,
          { id, name: name(current) },
          { secrets: secret ? [secret] : [] },
        );
      }
      if (changed.includes("status")) await setStatus(id, desired.status, current, ctx);
    },
    remove: async (id, current, ctx) => {
      const ref = { id, name: name(current) };
      await unlessNotFound(NOT_FOUND, async () => {
        if (current.status !== "off") await setStatus(id, "off", current, ctx);
        expectTrue(await call("DeleteApiKey", { AccessKeyId: id }, ctx, ref), "DeleteApiKey", {
          token: d.token,
          ...ref,
        });
      });
    },
    classify: () => ({ state: "ready", status: "ACTIVE" }),
    list: async (state, ctx) => {
      const filters =
        typeof state.secretName === "string" ? [{ Name: "SecretName", Values: [state.secretName] }] : undefined;
      const keys = await collectPages<Values>(
        p.client,
        "apigateway",
        "DescribeApiKeysStatus",
        filters ? { Filters: filters } : {},
        PAGES,
        { signal: ctx.signal, resource: { token: d.token } },
      );
      return keys.map((k) => String(k.AccessKeyId));
    },
  };
}
