import type { ResourceDescriptor } from "../../descriptor.js";
import type { KindOps, Values } from "../../lifecycle/resource.js";
import { ValidationError } from "../../validate.js";
import { collectPages } from "../pagination.js";
import type { CloudplatProvider } from "../provider.js";
import { expectTrue, gatewayCall, rejectChanges, unlessNotFound } from "./gateway.js";

const NOT_FOUND = ["ResourceNotFound.InvalidService"];

/** Whether the environment serves the release (DescribeService lists it in AvailableEnvironments). */
const RELEASED = "released";

/**
 * ApiGatewayServiceRelease (wire reference §5.3): ReleaseService answers the release version at once,
 * but the environment is serving only once DescribeService lists it in `AvailableEnvironments`, so
 * the read carries whether it is there and the wait polls for it. The id is the import id
 * `serviceId#environmentName#releaseVersion`. No update; delete unreleases the environment.
 */
export function serviceReleaseOps(p: CloudplatProvider, d: ResourceDescriptor): KindOps {
  const call = gatewayCall(p, d);
  const split = (id: string) => {
    const [serviceId = "", environmentName = "", ...rest] = id.split("#");
    return { serviceId, environmentName, releaseVersion: rest.join("#") };
  };
  const ref = (id: string) => ({ id, name: split(id).environmentName });
  return {
    create: async (a, ctx) => {
      const service = await call("DescribeService", { ServiceId: a.serviceId }, ctx, {});
      if (Number(service.ApiTotalCount ?? 0) < 1)
        throw new ValidationError([
          {
            path: `${d.name}.serviceId`,
            message: `${d.name}: service ${String(a.serviceId)} has no API to release`,
          },
        ]);
      const res = await call(
        "ReleaseService",
        { ServiceId: a.serviceId, EnvironmentName: a.environmentName, ReleaseDesc: a.releaseDesc },
        ctx,
        { name: a.environmentName as string },
      );
      return `${String(a.serviceId)}#${String(a.environmentName)}#${String((res.Result as Values).ReleaseVersion)}`;
    },
    read: (id, ctx) =>
      unlessNotFound(NOT_FOUND, async () => {
        const { serviceId, environmentName, releaseVersion } = split(id);
        const history = await collectPages<Values>(
          p.client,
          "apigateway",
          "DescribeServiceEnvironmentReleaseHistory",
          { ServiceId: serviceId, EnvironmentName: environmentName },
          { style: "apigateway", listKey: "VersionList" },
          { signal: ctx.signal, resource: { token: d.token, ...ref(id) } },
        );
        const entry = history.find((h) => h.VersionName === releaseVersion);
        if (!entry) return undefined;
        const service = await call("DescribeService", { ServiceId: serviceId }, ctx, ref(id));
        const available = ((service.AvailableEnvironments ?? []) as string[]).includes(environmentName);
        const state = { serviceId, environmentName, releaseVersion, releaseDesc: String(entry.VersionDesc ?? "") };
        // Seen by the wait only: not a field of the resource, so neither copied onto it nor in its JSON.
        return Object.defineProperty(state, RELEASED, { value: available, enumerable: false });
      }),
    // Every input but the platform-assigned version replaces the release, so only that can reach here.
    update: (_id, _desired, _current, diff) => {
      rejectChanges(
        d,
        diff.changes.map((c) => c.field),
        ["releaseVersion"],
      );
      return Promise.resolve();
    },
    remove: async (id, _current, ctx) => {
      const { serviceId, environmentName } = split(id);
      const res = await unlessNotFound(NOT_FOUND, () =>
        call("UnReleaseService", { ServiceId: serviceId, EnvironmentName: environmentName }, ctx, ref(id)),
      );
      if (res) expectTrue(res, "UnReleaseService", { token: d.token, ...ref(id) });
    },
    classify: (v) =>
      v[RELEASED] === true ? { state: "ready", status: "RELEASED" } : { state: "pending", status: "RELEASING" },
    idFromImport: (f) => `${String(f.serviceId)}#${String(f.environmentName)}#${String(f.releaseVersion)}`,
    list: async (state, ctx) => {
      if (typeof state.serviceId !== "string")
        throw new ValidationError([
          { path: `${d.name}.serviceId`, message: `${d.name}.find needs serviceId: releases are listed per service` },
        ]);
      const envs = await collectPages<Values>(
        p.client,
        "apigateway",
        "DescribeServiceEnvironmentList",
        { ServiceId: state.serviceId },
        { style: "apigateway", listKey: "EnvironmentList", pageSize: 20 },
        { signal: ctx.signal, resource: { token: d.token } },
      );
      return envs
        .filter((e) => e.VersionName)
        .map((e) => `${String(state.serviceId)}#${String(e.EnvironmentName)}#${String(e.VersionName)}`);
    },
  };
}
