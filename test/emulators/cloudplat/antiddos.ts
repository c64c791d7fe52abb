/**
 * Anti-DDoS (`antiddos`, 2020-03-09; reference §4.2): BGP instances (uint Offset/Limit, top-level `Total`), listeners,
 * device status, and the trend/overview actions, whose series are deterministic synthetic data derived from the
 * request (so repeated calls agree).
 */
import type { Ctx, ServiceDef } from "./actions.js";
import { invalidValue } from "./envelope.js";
import { page } from "./paging.js";
import type { Params } from "./params.js";

const TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

function timeParam(p: Params, name: string): number {
  const v = p.str(name);
  const ms = TIME.test(v) ? Date.parse(`${v.replace(" ", "T")}Z`) : NaN;
  if (Number.isNaN(ms)) throw invalidValue(name, v, "expected YYYY-MM-DD hh:mm:ss");
  return ms;
}

function window(p: Params): { start: number; end: number } {
  const start = timeParam(p, "StartTime");
  const end = timeParam(p, "EndTime");
  if (end < start) throw invalidValue("EndTime", p.raw["EndTime"], "must not be before StartTime");
  return { start, end };
}

/** A deterministic series: one point per period between start and end, shaped by a hash of the key. */
function series(key: string, start: number, end: number, periodSeconds: number): number[] {
  const count = Math.floor((end - start) / (periodSeconds * 1000)) + 1;
  let h = 2166136261;
  for (const c of key) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
  return Array.from({ length: Math.min(count, 2000) }, (_, i) => ((h >>> (i % 24)) + i * 37) % 1000);
}

function trend(ctx: Ctx, metrics: readonly string[]): { Count: number; Data: number[] } {
  const period = ctx.p.int("Period");
  if (![300, 3600, 86400].includes(period)) throw invalidValue("Period", period, "must be one of 300, 3600, 86400");
  const { start, end } = window(ctx.p);
  const metric = ctx.p.enum("MetricName", metrics);
  const business = ctx.p.optEnum("Business", ["bgpip", "net", "bgp", "bgp-multip", "basic"]);
  const ips = ctx.p.optStrList("IpList") ?? [];
  ctx.p.accept("Id").done();
  const data = series(`${metric}|${business ?? ""}|${ips.join(",")}`, start, end, period);
  return { Count: data.length, Data: data };
}

export function antiddosService(): ServiceDef {
  return {
    version: "2020-03-09",
    actions: {
      DescribeBgpInstances(ctx) {
        const region = ctx.p.optStr("FilterRegion");
        const ids = ctx.p.optStrList("FilterInstanceIdList");
        const tags = (ctx.p.optObjList("FilterTag") ?? []).map((t) => [t["TagKey"], t["TagValue"]]);
        const all = ctx.store.bgpInstances.filter((i) => {
          const cfg = (i["EnterprisePackageConfig"] ??
            i["StandardPackageConfig"] ??
            i["StandardPlusPackageConfig"]) as { Region?: string } | null;
          if (region !== undefined && cfg?.Region !== region) return false;
          if (ids && !ids.includes(i["InstanceId"] as string)) return false;
          const own = i["TagInfoList"] as { TagKey: string; TagValue: string }[];
          return tags.every(([k, v]) => own.some((t) => t.TagKey === k && t.TagValue === v));
        });
        const items = page(ctx.p, all, "antiddos");
        ctx.p.accept("FilterPackageType").done();
        return { Total: all.length, BGPInstanceList: items };
      },
      DescribeListListener(ctx) {
        ctx.p.done();
        return { Layer4Listeners: ctx.store.listeners.layer4, Layer7Listeners: ctx.store.listeners.layer7 };
      },
      DescribeBasicDeviceStatus(ctx) {
        const ips = ctx.p.optStrList("IpList") ?? [];
        const idList = ctx.p.optStrList("IdList") ?? [];
        ctx.p.optInt("FilterRegion", { min: 0 });
        ctx.p.accept("CnameWafIdList").done();
        const wanted = [...ips, ...idList];
        const entries = [...ctx.store.deviceStatus].filter(([k]) => wanted.length === 0 || wanted.includes(k));
        const kv = (clb: boolean) =>
          entries.filter(([, v]) => v.clb === clb).map(([Key, v]) => ({ Key, Value: String(v.status) }));
        return { Data: kv(false), CLBData: kv(true), CnameWafData: [] };
      },
      DescribeBgpBizTrend(ctx) {
        const business = ctx.p.enum("Business", ["bgpip", "net", "bgp", "bgp-multip"]);
        const { start, end } = window(ctx.p);
        const metric = ctx.p.enum("MetricName", ["intraffic", "outtraffic", "inpkg", "outpkg"]);
        const instanceId = ctx.p.str("InstanceId");
        const flag = ctx.p.int("Flag");
        if (flag !== 0 && flag !== 1) throw invalidValue("Flag", flag, "must be 0 or 1");
        ctx.p.done();
        const data = series(`${business}|${metric}|${instanceId}`, start, end, 300);
        return { DataList: data, Total: data.length, MetricName: metric, MaxData: Math.max(0, ...data) };
      },
      DescribeOverviewAttackTrend(ctx) {
        const type = ctx.p.enum("Type", ["cc", "ddos"]);
        const dimension = ctx.p.enum("Dimension", ["attackcount"]);
        const period = ctx.p.int("Period");
        if (period !== 86400) throw invalidValue("Period", period, "must be 86400");
        const { start, end } = window(ctx.p);
        ctx.p.done();
        const data = series(`${type}|${dimension}`, start, end, period);
        return {
          Type: type,
          StartTime: ctx.p.raw["StartTime"],
          EndTime: ctx.p.raw["EndTime"],
          Period: period,
          Data: data,
          Count: data.length,
        };
      },
      DescribeOverviewCCTrend: (ctx) => trend(ctx, ["inqps", "dropqps", "incount", "dropcount"]),
      DescribeOverviewDDoSTrend: (ctx) => trend(ctx, ["bps", "pps"]),
      DescribeOverviewDDoSEventList(ctx) {
        const { start, end } = window(ctx.p);
        const status = ctx.p.optEnum("AttackStatus", ["start", "end"]);
        const all = ctx.store.ddosEvents.filter((e) => {
          const at = Date.parse(`${String(e["StartTime"]).replace(" ", "T")}Z`);
          if (at < start || at > end) return false;
          return status === undefined || e["AttackStatus"] === (status === "start" ? 0 : 1);
        });
        const items = page(ctx.p, all, "antiddos");
        ctx.p.done();
        return { Total: all.length, EventList: items };
      },
      DescribeOverviewIndex(ctx) {
        const { start, end } = window(ctx.p);
        ctx.p.done();
        const events = ctx.store.ddosEvents.filter((e) => {
          const at = Date.parse(`${String(e["StartTime"]).replace(" ", "T")}Z`);
          return at >= start && at <= end;
        });
        const latest = events.at(-1);
        const attacked = new Set(events.map((e) => e["Vip"]));
        return {
          AllIpCount: ctx.store.deviceStatus.size,
          AntiddosIpCount: ctx.store.bgpInstances.length,
          AttackIpCount: attacked.size,
          BlockIpCount: [...ctx.store.deviceStatus.values()].filter((d) => d.status === 1).length,
          AntiddosDomainCount: ctx.store.listeners.layer7.length,
          AttackDomainCount: 0,
          MaxAttackFlow: Math.max(0, ...events.map((e) => e["Mbps"] as number)),
          NewAttackTime: latest?.["StartTime"] ?? null,
          NewAttackIp: latest?.["Vip"] ?? null,
          NewAttackType: latest?.["AttackType"] ?? null,
        };
      },
    },
  };
}
