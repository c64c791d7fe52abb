import type { Values } from "../../lifecycle/resource.js";
import { CloudplatError } from "../errors.js";
import { gatewayPages } from "./apigatewayLists.js";
import { mayBeIdentified } from "./identified.js";
import { filter } from "./listLookup.js";
import { resultOf, wireLookup } from "./wireLookup.js";

/** The objects ApiInfo holds singly where the lookups' outputs are one-element lists (§4.3). */
const SINGLE_OBJECTS = [
  "OauthConfig",
  "RequestConfig",
  "ServiceConfig",
  "ServiceTsfLoadBalanceConf",
  "ServiceTsfHealthCheckConf",
] as const;

const asList = (v: unknown): unknown => (v === null || v === undefined || Array.isArray(v) ? v : [v]);

const sub = (info: Values, key: string): Values => (info[key] as Values | null | undefined) ?? {};

/** getApiGatewayServiceEnvironmentList (§4.3): DescribeServiceEnvironmentList, 20 a page; the id is the service id. */
export const getApiGatewayServiceEnvironmentList = wireLookup({
  run: async (p, a, signal) => ({
    EnvironmentList: await gatewayPages(
      p,
      "DescribeServiceEnvironmentList",
      { ServiceId: a.serviceId },
      "EnvironmentList",
      signal,
      20,
    ),
  }),
  identifiedBy: ["EnvironmentList[].EnvironmentName"],
  id: (a) => String(a.serviceId),
});

/** getApiGatewayServiceReleaseVersions (§4.3): DescribeServiceReleaseVersion, 20 a page; the id is the service id. */
export const getApiGatewayServiceReleaseVersions = wireLookup({
  run: async (p, a, signal) => ({
    VersionList: await gatewayPages(
      p,
      "DescribeServiceReleaseVersion",
      { ServiceId: a.serviceId },
      "VersionList",
      signal,
      20,
    ),
  }),
  identifiedBy: ["VersionList[].VersionName"],
  id: (a) => String(a.serviceId),
});

/** getApiGatewayApiAppService (§4.3): DescribeServiceForApiApp answers at the top of `Response`, not in `Result`. */
export const getApiGatewayApiAppService = wireLookup({
  run: (p, a, signal) =>
    p.client.call(
      "apigateway",
      "DescribeServiceForApiApp",
      { ServiceId: a.serviceId, ApiRegion: a.apiRegion },
      { signal },
    ),
  id: (a) => String(a.serviceId),
});

/** getApiGatewayApiAppApi (§4.3): DescribeApiForApiApp, its one ApiInfo as a one-element `results`. */
export const getApiGatewayApiAppApi = wireLookup({
  run: async (p, a, signal) => {
    const info = await resultOf(
      p,
      "apigateway",
      "DescribeApiForApiApp",
      { ServiceId: a.serviceId, ApiId: a.apiId, ApiRegion: a.apiRegion },
      signal,
    );
    const lists = Object.fromEntries(SINGLE_OBJECTS.map((k) => [k, asList(info[k])]));
    return { Result: [{ ...info, ...lists }] };
  },
  identifiedBy: ["Result[].ApiId"],
  id: (a) => `${String(a.serviceId)}#${String(a.apiId)}#${String(a.apiRegion)}`,
});

/** One DescribeApi flattened as getApiGatewayApis lists it (`RequestConfig.Path` as `RequestConfigPath`, …). */
function apiDetail(info: Values): Values {
  const request = sub(info, "RequestConfig");
  const backend = sub(info, "ServiceConfig");
  return {
    ...info,
    RequestConfigPath: request.Path,
    RequestConfigMethod: request.Method,
    ServiceConfigProduct: backend.Product,
    ServiceConfigVpcId: backend.UniqVpcId,
    ServiceConfigUrl: backend.Url,
    ServiceConfigPath: backend.Path,
    ServiceConfigMethod: backend.Method,
  };
}

/**
 * getApiGatewayApis (§4.3): DescribeApisStatus filtered by id and name, then one DescribeApi per API
 * for its full configuration; an API deleted in between is skipped, as the reference provider does.
 */
export const getApiGatewayApis = wireLookup({
  run: async (p, a, signal) => {
    const statuses = await gatewayPages(
      p,
      "DescribeApisStatus",
      { ServiceId: a.serviceId, Filters: [...filter("ApiId", a.apiId), ...filter("ApiName", a.apiName)] },
      "ApiIdStatusSet",
      signal,
    );
    const details: Values[] = [];
    for (const s of statuses.filter(mayBeIdentified(a.id, "ApiId"))) {
      const info = await resultOf(
        p,
        "apigateway",
        "DescribeApi",
        { ServiceId: a.serviceId, ApiId: s.ApiId },
        signal,
      ).catch((e: unknown) => {
        if (e instanceof CloudplatError && e.code.startsWith("ResourceNotFound")) return undefined;
        throw e;
      });
      if (info) details.push(apiDetail(info));
    }
    return { Lists: details };
  },
  identifiedBy: ["Lists[].ApiId"],
  id: (a) => `${String(a.apiName ?? "")}#${String(a.apiId ?? "")}`,
});
