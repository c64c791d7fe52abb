import type { Values } from "../../lifecycle/resource.js";
import { gatewayPages } from "./apigatewayLists.js";
import { filter, hashOfIds } from "./listLookup.js";
import { resultOf, wireLookup } from "./wireLookup.js";

/** The environments whose IP strategy bindings are read, in the reference provider's order (§4.3). */
const STRATEGY_ENVIRONMENTS = ["test", "release", "prepub"] as const;

/** getApiGatewayApiKeys (§4.3): DescribeApiKeysStatus; the wire's Status 1/0 reads as `on`/`off`. */
export const getApiGatewayApiKeys = wireLookup(async (p, a, signal) => {
  const keys = await gatewayPages(
    p,
    "DescribeApiKeysStatus",
    { Filters: [...filter("SecretName", a.secretName), ...filter("AccessKeyId", a.apiKeyId)] },
    "ApiKeySet",
    signal,
  );
  return {
    wire: { ApiKeySet: keys.map((k) => ({ ...k, Status: k.Status === 1 ? "on" : "off" })) },
    id: `${String(a.secretName ?? "")}#${String(a.apiKeyId ?? "")}`,
  };
});

/** The OAuth object of a bound API as the output's map, keyed as the schema documents. */
const oauthMap = (o: unknown): Values | undefined => {
  if (!o || typeof o !== "object") return undefined;
  const c = o as Values;
  return { loginRedirectUrl: c.LoginRedirectUrl, publicKey: c.PublicKey, tokenLocation: c.TokenLocation };
};

/**
 * getApiGatewayIpStrategies (§4.3): DescribeIPStrategysStatus (not paged), then each strategy's bound
 * APIs with DescribeIPStrategy in the test, release and prepub environments, concatenated.
 */
export const getApiGatewayIpStrategies = wireLookup(async (p, a, signal) => {
  const status = await resultOf(
    p,
    "apigateway",
    "DescribeIPStrategysStatus",
    { ServiceId: a.serviceId, Filters: filter("StrategyName", a.strategyName) },
    signal,
  );
  const strategies = (status.StrategySet as Values[] | undefined) ?? [];
  const withApis: Values[] = [];
  for (const s of strategies) {
    const bound: Values[] = [];
    for (const env of STRATEGY_ENVIRONMENTS)
      bound.push(
        ...(await gatewayPages(
          p,
          "DescribeIPStrategy",
          { ServiceId: a.serviceId, StrategyId: s.StrategyId, EnvironmentName: env },
          "BindApis",
          signal,
        )),
      );
    withApis.push({ ...s, BindApis: bound.map((b) => ({ ...b, OauthConfig: oauthMap(b.OauthConfig) })) });
  }
  return { wire: { StrategySet: withApis }, id: `${String(a.serviceId)}#${String(a.strategyName ?? "")}` };
});

/**
 * getApiGatewayCustomerDomains (§4.3): DescribeServiceSubDomains, then the path mappings of each domain
 * that does not use the default mapping (DescribeServiceSubDomainMappings).
 */
export const getApiGatewayCustomerDomains = wireLookup(async (p, a, signal) => {
  const domains = await gatewayPages(p, "DescribeServiceSubDomains", { ServiceId: a.serviceId }, "DomainSet", signal);
  const list: Values[] = [];
  for (const d of domains) {
    const mappings =
      d.IsDefaultMapping === false
        ? (
            await resultOf(
              p,
              "apigateway",
              "DescribeServiceSubDomainMappings",
              { ServiceId: a.serviceId, SubDomain: d.DomainName },
              signal,
            )
          ).PathMappingSet
        : undefined;
    list.push({ ...d, IsStatusOn: d.Status === 1, PathMappingSet: mappings });
  }
  return { wire: { DomainSet: list }, id: String(a.serviceId) };
});

/** getApiGatewayBindApiAppsStatus (§4.3): DescribeApiBindApiAppsStatus, 20 a page, as one `results` element. */
export const getApiGatewayBindApiAppsStatus = wireLookup(async (p, a, signal) => {
  const filters = ((a.filters as Values[] | undefined) ?? []).map((f) => ({ Name: f.name, Values: f.values }));
  const bindings = await gatewayPages(
    p,
    "DescribeApiBindApiAppsStatus",
    { ServiceId: a.serviceId, ApiIds: a.apiIds, Filters: filters },
    "ApiAppApiSet",
    signal,
    20,
  );
  return { wire: { Result: [{ ApiAppApiSet: bindings }] }, id: hashOfIds(bindings.map((b) => b.ApiAppId)) };
});
