import { callLookup } from "./antiddosBase.js";
import type { LookupFactory } from "./listLookup.js";

/** getAntiddosBgpBizTrend (§4.2): DescribeBgpBizTrend; the id is the instance id. */
export const getAntiddosBgpBizTrend = callLookup("DescribeBgpBizTrend", { id: (args) => String(args.instanceId) });

/** getAntiddosOverviewAttackTrend (§4.2): DescribeOverviewAttackTrend, attack counts per day. */
export const getAntiddosOverviewAttackTrend = callLookup("DescribeOverviewAttackTrend");

/** getAntiddosOverviewCcTrend (§4.2): DescribeOverviewCCTrend. */
export const getAntiddosOverviewCcTrend = callLookup("DescribeOverviewCCTrend");

/** getAntiddosOverviewDdosTrend (§4.2): DescribeOverviewDDoSTrend. */
export const getAntiddosOverviewDdosTrend = callLookup("DescribeOverviewDDoSTrend");

/** The anti-DDoS trend lookups, by token (merged into ANTIDDOS_LOOKUPS). */
export const ANTIDDOS_TREND_LOOKUPS: Readonly<Record<string, LookupFactory>> = {
  "cloudplat:index/getAntiddosBgpBizTrend:getAntiddosBgpBizTrend": getAntiddosBgpBizTrend,
  "cloudplat:index/getAntiddosOverviewAttackTrend:getAntiddosOverviewAttackTrend": getAntiddosOverviewAttackTrend,
  "cloudplat:index/getAntiddosOverviewCcTrend:getAntiddosOverviewCcTrend": getAntiddosOverviewCcTrend,
  "cloudplat:index/getAntiddosOverviewDdosTrend:getAntiddosOverviewDdosTrend": getAntiddosOverviewDdosTrend,
};
