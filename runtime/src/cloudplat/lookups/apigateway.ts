import {
  getApiGatewayApiKeys,
  getApiGatewayBindApiAppsStatus,
  getApiGatewayCustomerDomains,
  getApiGatewayIpStrategies,
} from "./apigatewayAccess.js";
import {
  getApiGatewayApiApps,
  getApiGatewayApiDocs,
  getApiGatewayApiPlugins,
  getApiGatewayApiUsagePlans,
  getApiGatewayPlugins,
} from "./apigatewayLists.js";
import {
  getApiGatewayApiAppApi,
  getApiGatewayApiAppService,
  getApiGatewayApis,
  getApiGatewayServiceEnvironmentList,
  getApiGatewayServiceReleaseVersions,
} from "./apigatewayServices.js";
import type { LookupFactory } from "./listLookup.js";

/** The API gateway lookups (wire reference §4.3), by token. */
export const APIGATEWAY_LOOKUPS: Readonly<Record<string, LookupFactory>> = {
  "cloudplat:index/getApiGatewayApiAppApi:getApiGatewayApiAppApi": getApiGatewayApiAppApi,
  "cloudplat:index/getApiGatewayApiAppService:getApiGatewayApiAppService": getApiGatewayApiAppService,
  "cloudplat:index/getApiGatewayApiApps:getApiGatewayApiApps": getApiGatewayApiApps,
  "cloudplat:index/getApiGatewayApiDocs:getApiGatewayApiDocs": getApiGatewayApiDocs,
  "cloudplat:index/getApiGatewayApiKeys:getApiGatewayApiKeys": getApiGatewayApiKeys,
  "cloudplat:index/getApiGatewayApiPlugins:getApiGatewayApiPlugins": getApiGatewayApiPlugins,
  "cloudplat:index/getApiGatewayApiUsagePlans:getApiGatewayApiUsagePlans": getApiGatewayApiUsagePlans,
  "cloudplat:index/getApiGatewayApis:getApiGatewayApis": getApiGatewayApis,
  "cloudplat:index/getApiGatewayBindApiAppsStatus:getApiGatewayBindApiAppsStatus": getApiGatewayBindApiAppsStatus,
  "cloudplat:index/getApiGatewayCustomerDomains:getApiGatewayCustomerDomains": getApiGatewayCustomerDomains,
  "cloudplat:index/getApiGatewayIpStrategies:getApiGatewayIpStrategies": getApiGatewayIpStrategies,
  "cloudplat:index/getApiGatewayPlugins:getApiGatewayPlugins": getApiGatewayPlugins,
  "cloudplat:index/getApiGatewayServiceEnvironmentList:getApiGatewayServiceEnvironmentList":
    getApiGatewayServiceEnvironmentList,
  "cloudplat:index/getApiGatewayServiceReleaseVersions:getApiGatewayServiceReleaseVersions":
    getApiGatewayServiceReleaseVersions,
};
