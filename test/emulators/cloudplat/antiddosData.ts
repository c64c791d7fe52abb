/**
 * The anti-DDoS world the emulator starts with (the API has no create actions for these; tests may add more through
 * `emu.state.store`): BGP instances, listeners, device statuses and a history of DDoS events.
 */
import { plainTime } from "./ids.js";
import type { Store } from "./state.js";

export function seedAntiddos(store: Store, start: number): void {
  const regions = ["ap-guangzhou", "ap-guangzhou", "ap-shanghai"];
  regions.forEach((region, i) => {
    store.bgpInstances.push({
      InstanceId: `bgp-0000000${i + 1}`,
      InstanceChargeType: "PREPAID",
      InstanceChargePrepaid: { Period: 12, RenewFlag: "NOTIFY_AND_AUTO_RENEW" },
      PackageType: i === 2 ? "Standard" : "Enterprise",
      EnterprisePackageConfig:
        i === 2
          ? null
          : {
              Region: region,
              ProtectIpCount: 10,
              BasicProtectBandwidth: 300,
              Bandwidth: 100,
              ElasticProtectBandwidth: 0,
              ElasticBandwidthFlag: false,
            },
      StandardPackageConfig:
        i === 2 ? { Region: region, ProtectIpCount: 5, Bandwidth: 50, ElasticBandwidthFlag: true } : null,
      StandardPlusPackageConfig: null,
      TagInfoList: [{ TagKey: "env", TagValue: i === 0 ? "prod" : "test" }],
    });
  });
  store.listeners.layer4.push({
    BackendPort: 8080,
    FrontendPort: 80,
    Protocol: "TCP",
    RealServers: [{ RealServer: "10.0.0.5", RsType: 2, Weight: 100, Port: 8080 }],
    InstanceDetails: [{ EipList: ["203.0.113.10"], InstanceId: "bgpip-00000001" }],
    InstanceDetailRule: [
      { EipList: ["203.0.113.10"], InstanceId: "bgpip-00000001", Cname: "bgpip-00000001.dayugslb.com" },
    ],
  });
  store.listeners.layer7.push({
    Domain: "www.example.com",
    ProxyTypeList: [{ ProxyPorts: [443], ProxyType: "https" }],
    RealServers: [{ RealServer: "origin.example.com", RsType: 1, Weight: 100, Port: 0 }],
    InstanceDetails: [{ EipList: ["203.0.113.11"], InstanceId: "bgpip-00000002" }],
    InstanceDetailRule: [
      { EipList: ["203.0.113.11"], InstanceId: "bgpip-00000002", Cname: "bgpip-00000002.dayugslb.com" },
    ],
    Protocol: "https",
    Vport: 443,
  });
  store.deviceStatus.set("203.0.113.10", { status: 2, clb: false });
  store.deviceStatus.set("203.0.113.11", { status: 3, clb: false });
  store.deviceStatus.set("ins-00000001", { status: 1, clb: false });
  store.deviceStatus.set("198.51.100.7", { status: 2, clb: true });
  // 45 events an hour apart before start: three pages of 20; the most recent five are still attacking.
  for (let i = 0; i < 45; i++) {
    const at = start - (45 - i) * 3_600_000;
    const attacking = i >= 40;
    store.ddosEvents.push({
      Id: `event-${String(i + 1).padStart(4, "0")}`,
      Vip: `203.0.113.${10 + (i % 2)}`,
      StartTime: plainTime(at),
      EndTime: plainTime(attacking ? start : at + 1_800_000),
      AttackType: i % 3 === 0 ? "SYNFLOOD" : "UDPFLOOD",
      AttackStatus: attacking ? 0 : 1,
      Mbps: 100 + i * 10,
      Pps: 10_000 + i * 100,
      Business: i % 2 === 0 ? "bgpip" : "net",
      InstanceId: `bgpip-0000000${1 + (i % 2)}`,
      InstanceName: `defense-${1 + (i % 2)}`,
    });
  }
}
