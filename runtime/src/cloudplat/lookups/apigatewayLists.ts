import type { Values } from "../../lifecycle/resource.js";
import { collectPages } from "../pagination.js";
import type { CloudplatProvider } from "../provider.js";
import { filter, listLookup } from "./listLookup.js";

/** Every item of a paged API gateway list action (wire reference §2.4: the list and TotalCount in `Result`). */
export const gatewayPages = (
  p: CloudplatProvider,
  action: string,
  params: Values,
  listKey: string,
  signal: AbortSignal | undefined,
  pageSize = 100,
): Promise<Values[]> =>
  collectPages<Values>(p.client, "apigateway", action, params, { style: "apigateway", listKey, pageSize }, { signal });

/** getApiGatewayApiApps (§4.3): DescribeApiAppsStatus filtered by app id and name. */
export const getApiGatewayApiApps = listLookup({
  service: "apigateway",
  action: "DescribeApiAppsStatus",
  style: "apigateway",
  listKey: "ApiAppSet",
  itemId: "ApiAppId",
  params: (a) => ({ Filters: [...filter("ApiAppId", a.apiAppId), ...filter("ApiAppName", a.apiAppName)] }),
});

/**
 * getApiGatewayApiDocs (§4.3): DescribeAPIDocs. The reference provider stops once `TotalCount < 100`,
 * which never ends with 100 documents or more; paging to a short page or the total reads them all.
 */
export const getApiGatewayApiDocs = listLookup({
  service: "apigateway",
  action: "DescribeAPIDocs",
  style: "apigateway",
  listKey: "APIDocSet",
  itemId: "ApiDocId",
  params: () => ({}),
});

/** getApiGatewayApiPlugins (§4.3): DescribePluginsByApi, 20 a page. */
export const getApiGatewayApiPlugins = listLookup({
  service: "apigateway",
  action: "DescribePluginsByApi",
  style: "apigateway",
  listKey: "PluginSummary",
  itemId: "PluginId",
  pageSize: 20,
  params: (a) => ({
    ApiId: a.apiId,
    ServiceId: a.serviceId,
    ...(a.environmentName === undefined ? {} : { EnvironmentName: a.environmentName }),
  }),
});

/** getApiGatewayApiUsagePlans (§4.3): DescribeApiUsagePlan of a service. */
export const getApiGatewayApiUsagePlans = listLookup({
  service: "apigateway",
  action: "DescribeApiUsagePlan",
  style: "apigateway",
  listKey: "ApiUsagePlanList",
  itemId: "UsagePlanId",
  params: (a) => ({ ServiceId: a.serviceId }),
});

/** getApiGatewayPlugins (§4.3): DescribeAllPluginApis, the APIs of a service seen from a plug-in in one environment. */
export const getApiGatewayPlugins = listLookup({
  service: "apigateway",
  action: "DescribeAllPluginApis",
  style: "apigateway",
  listKey: "ApiSet",
  itemId: "ApiId",
  params: (a) => ({ ServiceId: a.serviceId, PluginId: a.pluginId, EnvironmentName: a.environmentName }),
});
