import type { Values } from "../../lifecycle/resource.js";
import { gatewayPages } from "./apigatewayLists.js";
import { mayBeIdentified } from "./identified.js";
import { filter, hashOfIds } from "./listLookup.js";
import { resultOf, wireLookup } from "./wireLookup.js";

/** The environments whose IP strategy bindings are read, in the reference provider's order (§4.3). */
const STRATEGY_ENVIRONMENTS = ["test", "release", "prepub"] as const;

/** getApiGatewayApiKeys (§4.3): DescribeApiKeysStatus; the wire's Status 1/0 reads as `on`/`off`. */
export const getApiGatewayApiKeys = wireLookup({
  run: async (p, a, signal) => {
    const keys = await gatewayPages(
      p,
      "DescribeApiKeysStatus",
      { Filters: [...filter("SecretName", a.secretName), ...filter("AccessKeyId", a.apiKeyId)] },
      "ApiKeySet",
      signal,
    );
    return { ApiKeySet: keys.map((k) => ({ ...k, Status: k.Status === 1 ? "on" : "off" })) };
  },
  identifiedBy: ["ApiKeySet[].AccessKeyId"],
  id: (a) => `${String(a.secretName ?? "")}#${String(a.apiKeyId ?? "")}`,
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
export const getApiGatewayIpStrategies = wireLookup({
  run: async (p, a, signal) => {
    const status = await resultOf(
      p,
      "apigateway",
      "DescribeIPStrategysStatus",
      { ServiceId: a.serviceId, Filters: filter("StrategyName", a.strategyName) },
      signal,
    );
    const strategies = (status.StrategySet as Values[] | undefined) ?? [];
    const withApis: Values[] = [];
    for (const s of strategies.filter(mayBeIdentified(a.id, "StrategyId"))) {
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
    return { StrategySet: withApis };
  },
  identifiedBy: ["StrategySet[].StrategyId"],
  id: (a) => `${String(a.serviceId)}#${String(a.strategyName ?? "")}`,
});

/**
 * getApiGatewayCustomerDomains (§4.3): DescribeServiceSubDomains, then the path mappings of each domain
 * that does not use the default mapping (DescribeServiceSubDomainMappings).
 */
export const getApiGatewayCustomerDomains = wireLookup({
  run: async (p, a, signal) => {
    const domains = await gatewayPages(p, "DescribeServiceSubDomains", { ServiceId: a.serviceId }, "DomainSet", signal);
    const list: Values[] = [];
    for (const d of domains.filter(mayBeIdentified(a.id, "DomainName"))) {
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
    return { DomainSet: list };
  },
  identifiedBy: ["DomainSet[].DomainName"],
  id: (a) => String(a.serviceId),
});

/** getApiGatewayBindApiAppsStatus (§4.3): DescribeApiBindApiAppsStatus, 20 a page, as one `results` element; `id` names an app. */
export const getApiGatewayBindApiAppsStatus = wireLookup({
  run: async (p, a, signal) => {
    const filters = ((a.filters as Values[] | undefined) ?? []).map((f) => ({ Name: f.name, Values: f.values }));
    const bindings = await gatewayPages(
      p,
      "DescribeApiBindApiAppsStatus",
      { ServiceId: a.serviceId, ApiIds: a.apiIds, Filters: filters },
      "ApiAppApiSet",
      signal,
      20,
    );
    return { Result: [{ ApiAppApiSet: bindings }] };
  },
  identifiedBy: ["Result[].ApiAppApiSet[].ApiAppId"],
  id: (_a, wire) => hashOfIds(((wire.Result as Values[])[0]?.ApiAppApiSet as Values[]).map((b) => b.ApiAppId)),
});
