/**
 * Wire views of the records: what `GET /v2/product/{uid}` and `GET /v2/products` return. camelCase keys as the
 * reference lists them, timestamps in epoch milliseconds or null (§1.3), `resources` with snake_case keys (§5.7).
 * Never rendered: MVE vendorConfig (§5.1), VXC partner configs (§3.5), IX BGP password.
 */
import type { Location } from "./catalogData.js";
import { renderCsp } from "./csp.js";
import { isActive } from "./lifecycle.js";
import type { Store } from "./state.js";
import {
  WIRE_TYPE,
  type IxRec,
  type McrRec,
  type MveRec,
  type PortRec,
  type ProductRec,
  type VxcEnd,
  type VxcRec,
} from "./types.js";
import { renderVrouterCsp } from "./vrouter.js";

type Json = Record<string, unknown>;

export function renderProduct(store: Store, p: ProductRec): Json {
  switch (p.kind) {
    case "megaport":
      return renderPort(store, p);
    case "mcr2":
      return renderMcr(store, p);
    case "mve":
      return renderMve(store, p);
    case "vxc":
      return renderVxc(store, p);
    case "ix":
      return renderIx(store, p);
  }
}

export function locationDetail(loc: Location | undefined): Json | null {
  return loc ? { name: loc.name, city: loc.city, metro: loc.metro, country: loc.country } : null;
}

const MEDIA: Record<number, string> = { 1000: "LX", 10000: "LR", 100000: "LR4", 400000: "LR8" };

function interfaceResource(store: Store, p: PortRec | McrRec | MveRec, speed: number | null, media: string): Json {
  const loc = store.location(p.locationId);
  return {
    demarcation: loc ? `${loc.name}, ${loc.address.street}, ${loc.address.city}` : "",
    description: "",
    id: p.interfaceId,
    loa_template: "megaport",
    media,
    name: p.name,
    port_speed: speed,
    resource_name: "interface",
    resource_type: "interface",
    // An int on Ports (0/1), unlike the bool on MVE virtual machines (§5.7).
    up: p.status === "LIVE" ? 1 : 0,
  };
}

/** Fields common to Port, MCR and MVE (§3.1 "Response fields"). */
function commonTopLevel(store: Store, p: PortRec | McrRec | MveRec): Json {
  const loc = store.location(p.locationId);
  const ours = p.companyUid === store.company.companyUid;
  return {
    productId: p.id,
    productUid: p.uid,
    productName: p.name,
    productType: WIRE_TYPE[p.kind],
    provisioningStatus: p.status,
    createDate: p.createDate,
    createdBy: p.createdBy,
    terminateDate: p.terminateDate,
    liveDate: p.liveDate,
    market: loc?.market ?? null,
    locationId: p.locationId,
    marketplaceVisibility: p.marketplaceVisibility,
    // mpgo tags this `vxcpermitted`, the MCR/MVE fixtures spell it `vxcPermitted`; one spelling everywhere (§3.1).
    vxcPermitted: p.kind === "megaport" && p.partner ? p.partner.vxcPermitted : isActive(p),
    vxcAutoApproval: p.kind === "megaport" && p.partner ? p.partner.vxcAutoApproval : false,
    secondaryName: null,
    lagPrimary: p.kind === "megaport" ? p.lagPrimary : false,
    lagId: p.kind === "megaport" ? p.aggregationId : null,
    aggregationId: p.kind === "megaport" ? p.aggregationId : null,
    companyUid: p.companyUid,
    companyName: p.companyName,
    costCentre: p.costCentre,
    contractStartDate: p.contractStartDate,
    contractEndDate: p.contractEndDate,
    contractTermMonths: p.term,
    attributeTags: {},
    virtual: p.kind !== "megaport",
    buyoutPort: false,
    locked: p.locked,
    adminLocked: p.adminLocked,
    cancelable: p.status !== "DECOMMISSIONED",
    diversityZone: p.diversityZone,
    locationDetail: locationDetail(loc),
    // Other companies' services on a partner port are not shown to us.
    associatedVxcs: ours ? store.vxcsOn(p.uid).map((v) => renderVxc(store, v)) : [],
    associatedIxs: ours ? store.ixsOn(p.uid).map((x) => renderIx(store, x)) : [],
  };
}

export function renderPort(store: Store, p: PortRec): Json {
  return {
    ...commonTopLevel(store, p),
    portSpeed: p.speed,
    lacpEnabled: p.lacpEnabled,
    usageAlgorithm: "NOT_POST_PAID",
    maxVxcSpeed: p.partner ? p.partner.maxVxcSpeed : p.speed,
    resources: { interface: interfaceResource(store, p, p.speed, MEDIA[p.speed] ?? "LR") },
  };
}

export function renderMcr(store: Store, p: McrRec): Json {
  return {
    ...commonTopLevel(store, p),
    portSpeed: p.speed,
    usageAlgorithm: "POST_PAID_HOURLY_SPEED_MCR2",
    maxVxcSpeed: p.speed,
    connectType: "VROUTER",
    up: p.status === "LIVE",
    addOns: p.addOns.map((a) => ({
      productUid: p.uid,
      addOnUid: a.addOnUid,
      addOnType: a.addOnType,
      tunnelCount: a.tunnelCount,
      packCount: a.packCount,
    })),
    resources: {
      interface: interfaceResource(store, p, p.speed, "virtual"),
      virtual_router: {
        id: p.routerId,
        mcrAsn: p.asn,
        name: p.name,
        resource_name: "virtual_router",
        resource_type: "virtual_router",
        speed: p.speed,
      },
    },
  };
}

export function renderMve(store: Store, p: MveRec): Json {
  const vnics = p.vnics.map((v) => ({ vlan: v.vlan, description: v.description }));
  const image = p.imageGroup.images.find((i) => i.id === p.imageId);
  return {
    ...commonTopLevel(store, p),
    portSpeed: null,
    usageAlgorithm: "POST_PAID_FIXED",
    vendor: p.vendor,
    mveSize: p.size.size,
    mveLabel: p.size.label,
    connectType: "MVE",
    maxVxcSpeed: p.size.maxVxcSpeed,
    vnics,
    resources: {
      interface: interfaceResource(store, p, p.size.maxVxcSpeed, "virtual"),
      virtual_machine: [
        {
          id: p.vmId,
          cpu_count: p.size.cpuCoreCount,
          image: {
            id: p.imageId,
            vendor: p.imageGroup.vendor,
            product: p.imageGroup.product,
            version: image?.version ?? "",
          },
          resource_type: "virtual_machine",
          up: p.status === "LIVE",
          vnics,
        },
      ],
    },
  };
}

function renderEnd(store: Store, end: VxcEnd): Json {
  const p = store.find(end.productUid);
  const locationId = p && p.kind !== "vxc" && p.kind !== "ix" ? p.locationId : null;
  const loc = locationId === null ? undefined : store.location(locationId);
  return {
    ownerUid: p?.companyUid ?? null,
    productUid: end.productUid,
    productName: p?.name ?? null,
    locationId,
    location: loc?.name ?? null,
    locationDetail: locationDetail(loc),
    vlan: end.vlan,
    innerVlan: end.innerVlan,
    vNicIndex: end.vnicIndex,
    secondaryName: null,
  };
}

function distanceBand(store: Store, vxc: VxcRec): string {
  const metroOf = (uid: string): string | undefined => {
    const p = store.find(uid);
    return p && p.kind !== "vxc" && p.kind !== "ix" ? store.location(p.locationId)?.metro : undefined;
  };
  return metroOf(vxc.aEnd.productUid) === metroOf(vxc.bEnd.productUid) ? "METRO" : "ZONE";
}

export function renderVxc(store: Store, v: VxcRec): Json {
  const resources: Json = {};
  const interfaces: Json[] = [];
  const csp: Json[] = [];
  for (const [side, end] of [
    ["a", v.aEnd],
    ["b", v.bEnd],
  ] as const) {
    const p = store.find(end.productUid);
    if (p?.kind === "megaport") {
      interfaces.push(interfaceResource(store, p, p.speed, MEDIA[p.speed] ?? "LR"));
      if (p.partner) {
        const entry = renderCsp(side, v, end.vlan, p.partner, p.id, end.config);
        if (entry) csp.push(entry);
      }
    } else if (p?.kind === "mcr2") {
      resources["virtual_router"] = {
        mcrAsn: p.asn,
        resource_name: "virtual_router",
        resource_type: "virtual_router",
        speed: v.rateLimit,
        bgpShutdownDefault: false,
      };
      csp.push(renderVrouterCsp(side, end.vlan, end.config, p));
    }
  }
  resources["interface"] = interfaces;
  // One entry is sent as an object, several as an array: clients must accept both (§5.5).
  if (csp.length === 1) resources["csp_connection"] = csp[0];
  else if (csp.length > 1) resources["csp_connection"] = csp;
  // A decommissioned VXC reports `vll` as [] (mpgo TestDecomissionedVXCMarshal, §3.5).
  resources["vll"] =
    v.status === "DECOMMISSIONED"
      ? []
      : {
          a_vlan: v.aEnd.vlan,
          b_vlan: v.bEnd.vlan,
          description: v.name,
          id: v.vllId,
          name: v.name,
          rate_limit_mbps: v.rateLimit,
          resource_name: "vll",
          resource_type: "vll",
          shutdown: v.shutdown,
          up: v.status === "LIVE" && !v.shutdown ? 1 : 0,
        };
  return {
    productId: v.id,
    productUid: v.uid,
    nServiceId: v.serviceId,
    productName: v.name,
    productType: WIRE_TYPE.vxc,
    rateLimit: v.rateLimit,
    distanceBand: distanceBand(store, v),
    provisioningStatus: v.status,
    aEnd: renderEnd(store, v.aEnd),
    bEnd: renderEnd(store, v.bEnd),
    secondaryName: null,
    usageAlgorithm: "POST_PAID_HOURLY_SPEED_LONG_HAUL_VXC",
    createdBy: v.createdBy,
    liveDate: v.liveDate,
    createDate: v.createDate,
    terminateDate: v.terminateDate,
    resources,
    vxcApproval: {
      status: v.approval.status,
      message: v.approval.message,
      uid: v.approval.uid,
      type: v.approval.type,
      newSpeed: v.approval.newSpeed,
    },
    shutdown: v.shutdown,
    contractStartDate: v.contractStartDate,
    contractEndDate: v.contractEndDate,
    contractTermMonths: v.term,
    companyUid: v.companyUid,
    companyName: v.companyName,
    costCentre: v.costCentre,
    locked: v.locked,
    adminLocked: v.adminLocked,
    attributeTags: {},
    cancelable: v.status !== "DECOMMISSIONED",
    up: v.status === "LIVE" && !v.shutdown,
  };
}

export function renderIx(store: Store, x: IxRec): Json {
  const port = store.find(x.portUid);
  const locationId = port && port.kind === "megaport" ? port.locationId : null;
  const loc = locationId === null ? undefined : store.location(locationId);
  const speed = port?.kind === "megaport" ? port.speed : null;
  const ixp = store.ixp(x.networkServiceType);
  const live = x.status === "LIVE" ? 1 : 0;
  return {
    productId: x.id,
    productUid: x.uid,
    productType: WIRE_TYPE.ix,
    locationId,
    locationDetail: locationDetail(loc),
    term: x.term,
    locationUid: loc?.uid ?? null,
    productName: x.name,
    provisioningStatus: x.status,
    rateLimit: x.rateLimit,
    promoCode: x.promoCode,
    costCentre: x.costCentre,
    createDate: x.createDate,
    deployDate: x.liveDate,
    terminateDate: x.terminateDate,
    secondaryName: null,
    attributeTags: {},
    vlan: x.vlan,
    macAddress: x.macAddress,
    ixPeerMacro: `AS${x.asn}:AS-CUSTOMERS`,
    asn: x.asn,
    networkServiceType: x.networkServiceType,
    publicGraph: x.publicGraph,
    usageAlgorithm: "NOT_POST_PAID",
    resources: {
      interface: {
        demarcation: loc ? `${loc.name}, ${loc.address.street}` : "",
        loa_template: "megaport",
        media: speed === null ? "LR" : (MEDIA[speed] ?? "LR"),
        port_speed: speed,
        resource_name: "interface",
        resource_type: "interface",
        up: live,
        shutdown: x.shutdown,
      },
      bgp_connection: (ixp ? [1, 2] : []).map((rs) => ({
        asn: x.asn,
        customer_asn: x.asn,
        customer_ip_address: rs === 1 ? x.ipv4 : x.ipv6,
        isp_asn: ixp?.asn ?? null,
        isp_ip_address:
          rs === 1 ? firstHost(ixp?.ipv4_network ?? "") : `${(ixp?.ipv6_network ?? "").split("::")[0]}::1`,
        ix_peer_policy: "open",
        max_prefixes: 1000,
        resource_name: `bgp_connection_${rs}`,
        resource_type: "bgp_connection",
      })),
      ip_address: [
        {
          address: x.ipv4,
          resource_name: "ip_address_v4",
          resource_type: "ip_address",
          version: 4,
          reverse_dns: x.reverseDns,
        },
        {
          address: x.ipv6,
          resource_name: "ip_address_v6",
          resource_type: "ip_address",
          version: 6,
          reverse_dns: x.reverseDns,
        },
      ],
      vpls_interface: {
        mac_address: x.macAddress,
        rate_limit_mbps: x.rateLimit,
        resource_name: "vpls_interface",
        resource_type: "vpls_interface",
        vlan: x.vlan,
        shutdown: x.shutdown,
      },
    },
  };
}

function firstHost(network: string): string {
  const base = network.split("/")[0] ?? "";
  const parts = base.split(".");
  return parts.length === 4 ? `${parts[0]}.${parts[1]}.${parts[2]}.1` : base;
}
