import type { FieldSpec, ResourceDescriptor } from "../../descriptor.js";
import type { Values } from "../../lifecycle/resource.js";
import { fromWire, toWire, valueToWire } from "../../lifecycle/wire.js";

/** The inputs that sit inside `ServiceConfig` on the wire, by their key there. */
const SERVICE_CONFIG = {
  serviceConfigProduct: "Product",
  serviceConfigVpcId: "UniqVpcId",
  serviceConfigUrl: "Url",
  serviceConfigPath: "Path",
  serviceConfigMethod: "Method",
  serviceConfigUpstreamId: "UpstreamId",
  serviceConfigCosConfig: "CosConfig",
} as const;

/** The inputs that sit inside `RequestConfig`. */
const REQUEST_CONFIG = { requestConfigPath: "Path", requestConfigMethod: "Method" } as const;

/** Inputs not sent with the API itself: its service (sent apart) and the per-environment quotas. */
const APART = ["serviceId", "releaseLimit", "preLimit", "testLimit"];

/** Sent by CreateApi only: ModifyApi does not take them (wire reference §5.2). */
export const CREATE_ONLY = ["targetServices", "targetNamespaceId", "userType", "owner", "isBase64Encoded"];

const nested = new Set<string>([...Object.keys(SERVICE_CONFIG), ...Object.keys(REQUEST_CONFIG), ...APART]);

/** The inputs with their schema defaults: the platform requires AuthType, Protocol, ServiceType and more. */
const withDefaults = (d: ResourceDescriptor, v: Values): Values =>
  Object.fromEntries(
    Object.entries(d.fields).flatMap(([k, spec]) =>
      spec.mode === "output" || (v[k] ?? spec.default) === undefined ? [] : [[k, v[k] ?? spec.default]],
    ),
  );

/**
 * An API's inputs as the body of CreateApi or ModifyApi (without ServiceId and ApiId): flat fields by
 * their wire names, the request path and method under `RequestConfig`, the backend address under
 * `ServiceConfig`; `leaveOut` drops inputs the action does not take.
 */
export function apiToWire(d: ResourceDescriptor, v: Values, leaveOut: readonly string[] = []): Values {
  const all = withDefaults(d, v);
  const flat = Object.fromEntries(
    Object.entries(d.fields).filter(([k]) => !nested.has(k) && !leaveOut.includes(k)),
  ) as Record<string, FieldSpec>;
  const inside = (map: Readonly<Record<string, string>>) =>
    Object.fromEntries(
      Object.entries(map).flatMap(([k, key]) =>
        all[k] === undefined ? [] : [[key, valueToWire(d.fields[k]!, all[k])]],
      ),
    );
  const service = inside(SERVICE_CONFIG);
  return {
    ...toWire(flat, all),
    RequestConfig: inside(REQUEST_CONFIG),
    ...(Object.keys(service).length ? { ServiceConfig: service } : {}),
  };
}

/** DescribeApi's `ApiInfo` in SDK shape: the nested request and backend settings lifted to their inputs. */
export function apiFromWire(d: ResourceDescriptor, info: Values): Values {
  const lift = (map: Readonly<Record<string, string>>, holder: unknown) =>
    Object.fromEntries(
      Object.entries(map).map(([k, key]) => [d.fields[k]!.wire, (holder as Values | undefined)?.[key]]),
    );
  return fromWire(d.fields, {
    ...info,
    ...lift(REQUEST_CONFIG, info.RequestConfig),
    ...lift(SERVICE_CONFIG, info.ServiceConfig),
  });
}
