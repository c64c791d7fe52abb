import { mkdtemp, readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ValidationError } from "@sdkgen/runtime";
import {
  getAntiddosBasicDeviceStatus,
  getAntiddosBgpBizTrend,
  getAntiddosBgpInstances,
  getAntiddosListListener,
  getAntiddosOverviewAttackTrend,
  getAntiddosOverviewCcTrend,
  getAntiddosOverviewDdosEventList,
  getAntiddosOverviewDdosTrend,
  getAntiddosOverviewIndex,
} from "cloudplat";
import { startCloudplatEmulator, type CloudplatEmulator } from "../emulators/cloudplat/index.js";
import { keyedProvider } from "./cloudplatKit.js";

// The anti-DDoS lookups of the generated SDK against the emulator's seed (see its README): three BGP
// instances, one listener of each layer, four device statuses and 45 DDoS events an hour apart before
// the clock's start. The clock is frozen at START so event times are exact; requests are signed by it.
const START = Date.parse("2026-01-15T09:00:00Z");
const WHOLE_HISTORY = { startTime: "2026-01-13 00:00:00", endTime: "2026-01-15 09:00:00" };

let emu: CloudplatEmulator;
beforeEach(async () => {
  emu = await startCloudplatEmulator({ clock: { start: START, speed: 0 } });
});
afterEach(() => emu.stop());

const provider = () => keyedProvider(emu, { now: () => emu.clock.now() });

/** The request bodies the emulator received for an action, parsed. */
const bodies = (action: string) =>
  emu.state.requests({ action }).map((r) => JSON.parse(r.body) as Record<string, unknown>);

describe("getAntiddosBgpInstances", () => {
  it("maps the instances of a region, with single settings as one-element lists, and ids by the region", async () => {
    const p = provider();
    const gz = await getAntiddosBgpInstances({ filterRegion: "ap-guangzhou" }, { provider: p });
    expect(gz.id).toBe("ap-guangzhou");
    expect(gz.bgpInstanceLists.map((i) => i.instanceId)).toEqual(["bgp-00000001", "bgp-00000002"]);
    expect(gz.bgpInstanceLists[0]).toEqual({
      instanceId: "bgp-00000001",
      instanceChargeType: "PREPAID",
      instanceChargePrepaids: [{ period: 12, renewFlag: "NOTIFY_AND_AUTO_RENEW" }],
      packageType: "Enterprise",
      enterprisePackageConfigs: [
        {
          region: "ap-guangzhou",
          protectIpCount: 10,
          basicProtectBandwidth: 300,
          bandwidth: 100,
          elasticProtectBandwidth: 0,
          elasticBandwidthFlag: false,
        },
      ],
      tagInfoLists: [{ tagKey: "env", tagValue: "prod" }],
    });
    expect(bodies("DescribeBgpInstances")).toEqual([{ FilterRegion: "ap-guangzhou", Offset: 0, Limit: 100 }]);

    const sh = await getAntiddosBgpInstances({ filterRegion: "ap-shanghai" }, { provider: p });
    expect(sh.bgpInstanceLists).toEqual([
      expect.objectContaining({
        instanceId: "bgp-00000003",
        packageType: "Standard",
        standardPackageConfigs: [
          { region: "ap-shanghai", protectIpCount: 5, bandwidth: 50, elasticBandwidthFlag: true },
        ],
      }),
    ]);
    expect(sh.bgpInstanceLists[0]).not.toHaveProperty("enterprisePackageConfigs");
  });

  it("filters by tags, instance ids and the id input", async () => {
    const p = provider();
    const byTag = await getAntiddosBgpInstances(
      { filterRegion: "ap-guangzhou", filterTags: [{ tagKey: "env", tagValue: "test" }] },
      { provider: p },
    );
    expect(byTag.bgpInstanceLists.map((i) => i.instanceId)).toEqual(["bgp-00000002"]);
    expect(byTag.filterTags).toEqual([{ tagKey: "env", tagValue: "test" }]);
    expect(bodies("DescribeBgpInstances")[0]).toMatchObject({ FilterTag: [{ TagKey: "env", TagValue: "test" }] });

    const byIds = await getAntiddosBgpInstances(
      { filterRegion: "ap-guangzhou", filterInstanceIdLists: ["bgp-00000001", "bgp-00000003"] },
      { provider: p },
    );
    expect(byIds.bgpInstanceLists.map((i) => i.instanceId)).toEqual(["bgp-00000001"]);

    const byId = await getAntiddosBgpInstances({ filterRegion: "ap-guangzhou", id: "bgp-00000002" }, { provider: p });
    expect(byId.bgpInstanceLists.map((i) => i.instanceId)).toEqual(["bgp-00000002"]);
    expect(bodies("DescribeBgpInstances").at(-1)).not.toHaveProperty("Id"); // the id filter is applied locally
  });

  it("reads every page of 100", async () => {
    for (let i = 0; i < 150; i++)
      emu.state.store.bgpInstances.push({
        InstanceId: `bgp-extra-${String(i).padStart(3, "0")}`,
        InstanceChargeType: "POSTPAID",
        InstanceChargePrepaid: null,
        PackageType: "Standard",
        EnterprisePackageConfig: null,
        StandardPackageConfig: {
          Region: "ap-guangzhou",
          ProtectIpCount: 1,
          Bandwidth: 10,
          ElasticBandwidthFlag: false,
        },
        StandardPlusPackageConfig: null,
        TagInfoList: [],
      });
    const all = await getAntiddosBgpInstances({ filterRegion: "ap-guangzhou" }, { provider: provider() });
    expect(all.bgpInstanceLists).toHaveLength(152);
    expect(all.bgpInstanceLists.at(-1)).toEqual({
      instanceId: "bgp-extra-149",
      instanceChargeType: "POSTPAID",
      packageType: "Standard",
      standardPackageConfigs: [
        { region: "ap-guangzhou", protectIpCount: 1, bandwidth: 10, elasticBandwidthFlag: false },
      ],
      tagInfoLists: [],
    });
    expect(bodies("DescribeBgpInstances").map((b) => [b.Offset, b.Limit])).toEqual([
      [0, 100],
      [100, 100],
    ]);
  });
});

describe("getAntiddosOverviewDdosEventList", () => {
  it("reads all three pages of 20 and maps every field", async () => {
    const events = await getAntiddosOverviewDdosEventList(WHOLE_HISTORY, { provider: provider() });
    expect(events.eventLists).toHaveLength(45);
    expect(events.eventLists[0]).toEqual({
      id: "event-0001",
      vip: "203.0.113.10",
      startTime: "2026-01-13 12:00:00",
      endTime: "2026-01-13 12:30:00",
      attackType: "SYNFLOOD",
      attackStatus: 1,
      mbps: 100,
      pps: 10_000,
      business: "bgpip",
      instanceId: "bgpip-00000001",
      instanceName: "defense-1",
    });
    expect(events.eventLists[44]).toMatchObject({
      id: "event-0045",
      startTime: "2026-01-15 08:00:00",
      attackStatus: 0,
    });
    expect(events.startTime).toBe(WHOLE_HISTORY.startTime);
    expect(bodies("DescribeOverviewDDoSEventList").map((b) => [b.Offset, b.Limit])).toEqual([
      [0, 20],
      [20, 20],
      [40, 20],
    ]);
  });

  it("filters by attack status, window and id; the id hashes the event ids", async () => {
    const p = provider();
    const all = await getAntiddosOverviewDdosEventList(WHOLE_HISTORY, { provider: p });
    const attacking = await getAntiddosOverviewDdosEventList(
      { ...WHOLE_HISTORY, attackStatus: "start" },
      { provider: p },
    );
    expect(attacking.eventLists.map((e) => e.id)).toEqual([
      "event-0041",
      "event-0042",
      "event-0043",
      "event-0044",
      "event-0045",
    ]);
    expect(attacking.attackStatus).toBe("start");
    expect(bodies("DescribeOverviewDDoSEventList").at(-1)).toMatchObject({ AttackStatus: "start" });
    const ended = await getAntiddosOverviewDdosEventList({ ...WHOLE_HISTORY, attackStatus: "end" }, { provider: p });
    expect(ended.eventLists).toHaveLength(40);
    const lastHours = await getAntiddosOverviewDdosEventList(
      { startTime: "2026-01-15 06:00:00", endTime: "2026-01-15 09:00:00" },
      { provider: p },
    );
    expect(lastHours.eventLists.map((e) => e.id)).toEqual(["event-0043", "event-0044", "event-0045"]);

    const one = await getAntiddosOverviewDdosEventList({ ...WHOLE_HISTORY, id: "event-0007" }, { provider: p });
    expect(one.eventLists).toEqual([expect.objectContaining({ id: "event-0007", attackType: "SYNFLOOD", mbps: 160 })]);
    expect((await getAntiddosOverviewDdosEventList(WHOLE_HISTORY, { provider: p })).id).toBe(all.id);
    expect(new Set([all.id, attacking.id, ended.id, one.id]).size).toBe(4);
  });
});

describe("getAntiddosBasicDeviceStatus", () => {
  it("maps IP and load-balancer statuses and filters by IP and id lists", async () => {
    const p = provider();
    const all = await getAntiddosBasicDeviceStatus({}, { provider: p });
    expect(all.datas).toEqual([
      { key: "203.0.113.10", value: "2" },
      { key: "203.0.113.11", value: "3" },
      { key: "ins-00000001", value: "1" },
    ]);
    expect(all.clbDatas).toEqual([{ key: "198.51.100.7", value: "2" }]);
    expect(bodies("DescribeBasicDeviceStatus")).toEqual([{}]);

    const some = await getAntiddosBasicDeviceStatus(
      { ipLists: ["203.0.113.11"], idLists: ["ins-00000001"], filterRegion: 1 },
      { provider: p },
    );
    expect(some.datas).toEqual([
      { key: "203.0.113.11", value: "3" },
      { key: "ins-00000001", value: "1" },
    ]);
    expect(some.clbDatas).toEqual([]);
    expect(some.ipLists).toEqual(["203.0.113.11"]);
    expect(bodies("DescribeBasicDeviceStatus").at(-1)).toEqual({
      FilterRegion: 1,
      IdList: ["ins-00000001"],
      IpList: ["203.0.113.11"],
    });
    // A hash of the request: the same for the same query, another for another query.
    expect((await getAntiddosBasicDeviceStatus({}, { provider: p })).id).toBe(all.id);
    expect(some.id).not.toBe(all.id);
  });
});

describe("getAntiddosListListener", () => {
  it("maps the layer-4 and layer-7 listeners with their servers and instances", async () => {
    const listeners = await getAntiddosListListener({}, { provider: provider() });
    expect(listeners.layer4Listeners).toEqual([
      {
        backendPort: 8080,
        frontendPort: 80,
        protocol: "TCP",
        realServers: [{ realServer: "10.0.0.5", rsType: 2, weight: 100, port: 8080 }],
        instanceDetails: [{ eipLists: ["203.0.113.10"], instanceId: "bgpip-00000001" }],
        instanceDetailRules: [
          { eipLists: ["203.0.113.10"], instanceId: "bgpip-00000001", cname: "bgpip-00000001.dayugslb.com" },
        ],
      },
    ]);
    expect(listeners.layer7Listeners).toEqual([
      {
        domain: "www.example.com",
        proxyTypeLists: [{ proxyPorts: [443], proxyType: "https" }],
        realServers: [{ realServer: "origin.example.com", rsType: 1, weight: 100, port: 0 }],
        instanceDetails: [{ eipLists: ["203.0.113.11"], instanceId: "bgpip-00000002" }],
        instanceDetailRules: [
          { eipLists: ["203.0.113.11"], instanceId: "bgpip-00000002", cname: "bgpip-00000002.dayugslb.com" },
        ],
        protocol: "https",
        vport: 443,
      },
    ]);
    expect(bodies("DescribeListListener")).toEqual([{}]);
    expect(listeners.id).toMatch(/^[0-9a-f]{16}$/);
  });
});

describe("anti-DDoS trends", () => {
  it("getAntiddosBgpBizTrend returns the 5-minute series of an hour, its maximum and count; the id is the instance", async () => {
    const p = provider();
    const args = {
      business: "bgpip",
      instanceId: "bgpip-00000001",
      metricName: "intraffic",
      flag: 1,
      startTime: "2026-01-15 08:00:00",
      endTime: "2026-01-15 09:00:00",
    } as const;
    const trend = await getAntiddosBgpBizTrend(args, { provider: p });
    expect(trend.id).toBe("bgpip-00000001");
    expect(trend.dataLists).toHaveLength(13);
    expect(trend.total).toBe(13);
    expect(trend.maxData).toBe(Math.max(...trend.dataLists));
    expect(trend.metricName).toBe("intraffic");
    expect(bodies("DescribeBgpBizTrend")).toEqual([
      {
        Business: "bgpip",
        EndTime: "2026-01-15 09:00:00",
        Flag: 1,
        InstanceId: "bgpip-00000001",
        MetricName: "intraffic",
        StartTime: "2026-01-15 08:00:00",
      },
    ]);
    const raw = await p.client.call<{ DataList: number[] }>(
      "antiddos",
      "DescribeBgpBizTrend",
      bodies("DescribeBgpBizTrend")[0]!,
    );
    expect(trend.dataLists).toEqual(raw.DataList); // in the order the API gives
    const outbound = await getAntiddosBgpBizTrend({ ...args, metricName: "outtraffic" }, { provider: p });
    expect(outbound.dataLists).not.toEqual(trend.dataLists);
  });

  it("getAntiddosOverviewAttackTrend returns one attack count per day and the point count", async () => {
    const args = {
      type: "ddos",
      dimension: "attackcount",
      period: 86400,
      startTime: "2026-01-12 09:00:00",
      endTime: "2026-01-15 09:00:00",
    } as const;
    const trend = await getAntiddosOverviewAttackTrend(args, { provider: provider() });
    expect(trend.datas).toHaveLength(4);
    expect(trend.periodPointCount).toBe(4);
    expect(trend).toMatchObject(args);
    expect(bodies("DescribeOverviewAttackTrend")).toEqual([
      { Dimension: "attackcount", EndTime: args.endTime, Period: 86400, StartTime: args.startTime, Type: "ddos" },
    ]);
    const cc = await getAntiddosOverviewAttackTrend({ ...args, type: "cc" }, { provider: provider() });
    expect(cc.datas).not.toEqual(trend.datas);
    expect(cc.id).not.toBe(trend.id);
  });

  it("getAntiddosOverviewCcTrend and getAntiddosOverviewDdosTrend send business and IPs and return a point per period", async () => {
    const p = provider();
    const window = { period: 3600, startTime: "2026-01-15 07:00:00", endTime: "2026-01-15 09:00:00" } as const;
    const cc = await getAntiddosOverviewCcTrend(
      { ...window, metricName: "dropqps", business: "net", ipLists: ["203.0.113.10"] },
      { provider: p },
    );
    expect(cc.datas).toHaveLength(3);
    expect(cc.datas.every((v) => Number.isInteger(v) && v >= 0)).toBe(true);
    expect(bodies("DescribeOverviewCCTrend")).toEqual([
      {
        Business: "net",
        EndTime: window.endTime,
        IpList: ["203.0.113.10"],
        MetricName: "dropqps",
        Period: 3600,
        StartTime: window.startTime,
      },
    ]);
    const again = await getAntiddosOverviewCcTrend(
      { ...window, metricName: "dropqps", business: "net", ipLists: ["203.0.113.10"] },
      { provider: p },
    );
    expect(again).toEqual(cc);

    const ddos = await getAntiddosOverviewDdosTrend({ ...window, period: 300, metricName: "bps" }, { provider: p });
    expect(ddos.datas).toHaveLength(25);
    expect(ddos.metricName).toBe("bps");
    expect(bodies("DescribeOverviewDDoSTrend")).toEqual([
      { EndTime: window.endTime, MetricName: "bps", Period: 300, StartTime: window.startTime },
    ]);
    const pps = await getAntiddosOverviewDdosTrend({ ...window, period: 300, metricName: "pps" }, { provider: p });
    expect(pps.datas).not.toEqual(ddos.datas);
    expect(pps.id).not.toBe(ddos.id);
  });
});

describe("getAntiddosOverviewIndex", () => {
  it("returns the counters of a period, the latest attack's time, IP and type, and an id per period", async () => {
    const events = emu.state.store.ddosEvents;
    const latest = events.at(-1)!;
    const index = await getAntiddosOverviewIndex(WHOLE_HISTORY, { provider: provider() });
    expect(index).toMatchObject({
      ...WHOLE_HISTORY,
      allIpCount: emu.state.store.deviceStatus.size,
      antiddosIpCount: emu.state.store.bgpInstances.length,
      attackIpCount: new Set(events.map((e) => e["Vip"])).size,
      maxAttackFlow: Math.max(...events.map((e) => e["Mbps"] as number)),
      newAttackTime: latest["StartTime"],
      newAttackIp: latest["Vip"],
      newAttackType: latest["AttackType"],
    });
    expect(bodies("DescribeOverviewIndex")).toEqual([
      { StartTime: WHOLE_HISTORY.startTime, EndTime: WHOLE_HISTORY.endTime },
    ]);
    const quiet = await getAntiddosOverviewIndex(
      { startTime: "2025-01-01 00:00:00", endTime: "2025-01-02 00:00:00" },
      { provider: provider() },
    );
    expect(quiet.attackIpCount).toBe(0);
    expect(quiet.newAttackIp).toBeUndefined(); // null on the wire: absent
    expect(quiet.id).not.toBe(index.id);
  });
});

describe("anti-DDoS validation", () => {
  it("refuses values outside the enums and malformed times, every violation at once, before any request", async () => {
    const p = provider();
    const refused = async (call: Promise<unknown>) => {
      const error = await call.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      return String(error);
    };
    const time = { startTime: "2026-01-15 08:00:00", endTime: "2026-01-15 09:00:00" };
    // Arguments as an untyped (JavaScript) caller could pass them; the types alone would refuse them.
    const untyped = <T>(args: Record<string, unknown>): T => args as T;

    const biz = await refused(
      getAntiddosBgpBizTrend(
        untyped({
          business: "basic",
          instanceId: "x",
          metricName: "bps",
          flag: 2,
          startTime: "2026-01-15T08:00:00Z",
          endTime: time.endTime,
        }),
        { provider: p },
      ),
    );
    for (const field of ["business", "metricName", "flag", "startTime"])
      expect(biz).toContain(`getAntiddosBgpBizTrend.${field}`);
    expect(biz).toContain('startTime must be a time in the shape YYYY-MM-DD hh:mm:ss (got "2026-01-15T08:00:00Z")');

    const attack = await refused(
      getAntiddosOverviewAttackTrend(untyped({ type: "syn", dimension: "bandwidth", period: 3600, ...time }), {
        provider: p,
      }),
    );
    for (const field of ["type", "dimension", "period"])
      expect(attack).toContain(`getAntiddosOverviewAttackTrend.${field}`);

    const cc = await refused(
      getAntiddosOverviewCcTrend(untyped({ ...time, period: 600, metricName: "bps", business: "bgp" }), {
        provider: p,
      }),
    );
    for (const field of ["period", "metricName", "business"])
      expect(cc).toContain(`getAntiddosOverviewCcTrend.${field}`);

    const ddos = await refused(
      getAntiddosOverviewDdosTrend(untyped({ ...time, period: 300, metricName: "inqps" }), { provider: p }),
    );
    expect(ddos).toContain("getAntiddosOverviewDdosTrend.metricName");

    const events = await refused(
      getAntiddosOverviewDdosEventList(
        untyped({ startTime: "2026-01-15", endTime: "15/01/2026 09:00:00", attackStatus: "running" }),
        { provider: p },
      ),
    );
    for (const field of ["startTime", "endTime", "attackStatus"])
      expect(events).toContain(`getAntiddosOverviewDdosEventList.${field}`);

    expect(await refused(getAntiddosBgpInstances(untyped({}), { provider: p }))).toContain(
      "getAntiddosBgpInstances.filterRegion",
    );
    expect(emu.state.requests()).toHaveLength(0);
  });
});

describe("anti-DDoS resultOutputFile", () => {
  it("writes the result of a single-call and of a paged lookup as JSON, and refuses a missing folder", async () => {
    const p = provider();
    const dir = await mkdtemp(join(tmpdir(), "cloudplat-antiddos-"));
    const saved = async (file: string) => JSON.parse(await readFile(join(dir, file), "utf8")) as unknown;
    // The file holds the lookup's outputs (as for the vpc lookups); the echoed arguments are not written.
    const outputs = (result: object, keys: readonly string[]) =>
      JSON.parse(
        JSON.stringify(Object.fromEntries(Object.entries(result).filter(([k]) => keys.includes(k)))),
      ) as unknown;

    const listeners = await getAntiddosListListener({ resultOutputFile: join(dir, "listeners.json") }, { provider: p });
    expect(await saved("listeners.json")).toEqual(outputs(listeners, ["id", "layer4Listeners", "layer7Listeners"]));
    expect(listeners.resultOutputFile).toBe(join(dir, "listeners.json"));

    const events = await getAntiddosOverviewDdosEventList(
      { ...WHOLE_HISTORY, resultOutputFile: join(dir, "events.json") },
      { provider: p },
    );
    expect(await saved("events.json")).toEqual(outputs(events, ["id", "eventLists"]));
    expect((await saved("events.json")) as { eventLists: unknown[] }).toMatchObject({ eventLists: { length: 45 } });

    const trend = await getAntiddosOverviewDdosTrend(
      { period: 3600, metricName: "pps", ...WHOLE_HISTORY, resultOutputFile: join(dir, "trend.json") },
      { provider: p },
    );
    expect(await saved("trend.json")).toEqual(outputs(trend, ["id", "datas"]));
    expect(await readdir(dir)).toEqual(["events.json", "listeners.json", "trend.json"]);

    const missing = join(dir, "absent", "out.json");
    const error = await getAntiddosBasicDeviceStatus({ resultOutputFile: missing }, { provider: p }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect(String(error)).toContain(
      `getAntiddosBasicDeviceStatus.resultOutputFile: the folder ${join(dir, "absent")} does not exist`,
    );
  });
});
