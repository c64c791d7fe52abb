import type { Values } from "../../lifecycle/resource.js";
import { callLookup, pagedLookup } from "./antiddosBase.js";
import { ANTIDDOS_TREND_LOOKUPS } from "./antiddosTrends.js";
import { hashOfIds, type LookupFactory } from "./listLookup.js";

/**
 * The settings a BGP instance carries as single objects on the wire (§4.2), which the outputs expose as
 * one-element lists, as the Terraform provider does; an absent (null) setting stays absent.
 */
const SINGLE_SETTINGS = [
  "InstanceChargePrepaid",
  "EnterprisePackageConfig",
  "StandardPackageConfig",
  "StandardPlusPackageConfig",
] as const;

const settingsAsLists = (instance: Values): Values => {
  const out = { ...instance };
  for (const key of SINGLE_SETTINGS) {
    const v = out[key];
    if (v !== null && typeof v === "object" && !Array.isArray(v)) out[key] = [v];
  }
  return out;
};

/** getAntiddosBgpInstances (§4.2): DescribeBgpInstances, pages of 100; the id is the region filter. */
export const getAntiddosBgpInstances = pagedLookup({
  action: "DescribeBgpInstances",
  listKey: "BGPInstanceList",
  pageSize: 100,
  itemId: "InstanceId",
  shape: settingsAsLists,
  id: (args) => String(args.filterRegion),
});

/** getAntiddosOverviewDdosEventList (§4.2): DescribeOverviewDDoSEventList, pages of 20; the id hashes the event ids. */
export const getAntiddosOverviewDdosEventList = pagedLookup({
  action: "DescribeOverviewDDoSEventList",
  listKey: "EventList",
  pageSize: 20,
  itemId: "Id",
  id: (_args, events) => hashOfIds(events.map((e) => e.Id)),
});

/** getAntiddosBasicDeviceStatus (§4.2): DescribeBasicDeviceStatus by IP, id and region; each status is keyed by its resource. */
export const getAntiddosBasicDeviceStatus = callLookup("DescribeBasicDeviceStatus", {
  identifiedBy: ["Data[].Key", "CLBData[].Key"],
});

/** getAntiddosListListener (§4.2): DescribeListListener, whose request is empty. */
export const getAntiddosListListener = callLookup("DescribeListListener");

/** getAntiddosOverviewIndex (§4.2): DescribeOverviewIndex over a period, its counters at the top of the response. */
export const getAntiddosOverviewIndex = callLookup("DescribeOverviewIndex");

/** The anti-DDoS lookups (wire reference §4.2), by token. */
export const ANTIDDOS_LOOKUPS: Readonly<Record<string, LookupFactory>> = {
  "cloudplat:index/getAntiddosBasicDeviceStatus:getAntiddosBasicDeviceStatus": getAntiddosBasicDeviceStatus,
  "cloudplat:index/getAntiddosBgpInstances:getAntiddosBgpInstances": getAntiddosBgpInstances,
  "cloudplat:index/getAntiddosListListener:getAntiddosListListener": getAntiddosListListener,
  "cloudplat:index/getAntiddosOverviewDdosEventList:getAntiddosOverviewDdosEventList": getAntiddosOverviewDdosEventList,
  "cloudplat:index/getAntiddosOverviewIndex:getAntiddosOverviewIndex": getAntiddosOverviewIndex,
  ...ANTIDDOS_TREND_LOOKUPS,
};
