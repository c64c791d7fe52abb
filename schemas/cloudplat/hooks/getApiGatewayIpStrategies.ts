import { mayBeIdentified } from "@sdkgen/runtime";
import { collectPages, type CloudplatLookupHooks } from "@sdkgen/runtime/cloudplat";
import type { GetApiGatewayIpStrategiesArgs } from "../lookups/getApiGatewayIpStrategies.js";

type Values = Record<string, unknown>;

/** The environments whose IP strategy bindings are read, in the reference provider's order (§4.3). */
const ENVIRONMENTS = ["test", "release", "prepub"] as const;

/** The OAuth object of a bound API as the output's map, keyed as the schema documents. */
const oauthMap = (o: unknown): Values | undefined => {
  if (!o || typeof o !== "object") return undefined;
  const c = o as Values;
  return { loginRedirectUrl: c.LoginRedirectUrl, publicKey: c.PublicKey, tokenLocation: c.TokenLocation };
};

/**
 * getApiGatewayIpStrategies (§4.3): each strategy's bound APIs, read with DescribeIPStrategy in the
 * test, release and prepub environments, concatenated.
 */
export const hooks: CloudplatLookupHooks<GetApiGatewayIpStrategiesArgs> = {
  async answer(wire, args, ctx) {
    const strategies = ((wire.StrategySet as Values[] | undefined) ?? []).filter(
      mayBeIdentified(args.id, "StrategyId"),
    );
    const withApis: Values[] = [];
    for (const s of strategies) {
      const bound: Values[] = [];
      for (const env of ENVIRONMENTS)
        bound.push(
          ...(await collectPages<Values>(
            ctx.client,
            "apigateway",
            "DescribeIPStrategy",
            { ServiceId: args.serviceId, StrategyId: s.StrategyId, EnvironmentName: env },
            { style: "apigateway", listKey: "BindApis" },
            { signal: ctx.signal },
          )),
        );
      withApis.push({ ...s, BindApis: bound.map((b) => ({ ...b, OauthConfig: oauthMap(b.OauthConfig) })) });
    }
    return { StrategySet: withApis };
  },
};
