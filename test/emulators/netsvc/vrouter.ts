/**
 * The MCR-end partner config `{interfaces:[...]}` (reference §5.4 "vrouter"): validated on order and on
 * `aEndConfig`/`bEndConfig` updates, rendered as the VROUTER variant of `resources.csp_connection` (§5.5).
 * It ties into two other features: BGP import/export lists must name prefix lists of that MCR (§3.8), and
 * `ipSecTunnel` interfaces need the MCR's IPsec add-on and count against its tunnels (§3.9).
 */
import { badRequest } from "./envelope.js";
import type { Store } from "./state.js";
import type { McrRec, PartnerConfig, VxcRec } from "./types.js";
import { Fields, isObject, requireCidr, requireIp } from "./validate.js";

const PREFIX_LIST_KEYS = ["importWhitelist", "importBlacklist", "exportWhitelist", "exportBlacklist"] as const;

/**
 * Validates a vrouter config for an end on `mcr`. `previousTunnels` is what this VXC already counts on the MCR (when
 * updating), so the add-on limit is checked against the other VXCs plus the new config.
 */
export function readVrouterConfig(f: Fields, mcr: McrRec, store: Store, previousTunnels = 0): PartnerConfig {
  if (f.has("connectType") && String(f.raw["connectType"]).toUpperCase() !== "VROUTER")
    throw badRequest(`${f.where}.connectType ${JSON.stringify(f.raw["connectType"])} does not fit an MCR end`);
  const interfaces = f.objects("interfaces", { max: 50 });
  const listIds = new Set([...store.prefixLists.values()].filter((l) => l.mcrUid === mcr.uid).map((l) => l.id));
  let tunnels = 0;
  for (const i of interfaces) {
    const type = i.optOneOf("interfaceType", ["subInterface", "ipSecTunnel"] as const) ?? "subInterface";
    i.optString("description");
    i.optInt("vlan", { min: 2, max: 4093 });
    i.optInt("ipMtu", { min: 68, max: 9074 });
    i.optInt("packetFilterIn", { min: 1 });
    i.optInt("packetFilterOut", { min: 1 });
    for (const [n, a] of (i.optArray("ipAddresses") ?? []).entries()) {
      if (typeof a !== "string") throw badRequest(`${i.where}.ipAddresses[${n}] must be a string`);
      requireCidr(a, `${i.where}.ipAddresses[${n}]`);
    }
    for (const [n, a] of (i.optArray("natIpAddresses") ?? []).entries()) {
      if (typeof a !== "string") throw badRequest(`${i.where}.natIpAddresses[${n}] must be a string`);
      requireIp(a, `${i.where}.natIpAddresses[${n}]`);
    }
    for (const r of i.optObjects("ipRoutes") ?? []) {
      requireCidr(r.string("prefix"), `${r.where}.prefix`);
      requireIp(r.string("nextHop"), `${r.where}.nextHop`);
      r.optString("description");
    }
    const bfd = i.optObject("bfd");
    if (bfd) {
      bfd.optInt("txInterval", { min: 300, max: 9000 });
      bfd.optInt("rxInterval", { min: 300, max: 9000 });
      bfd.optInt("multiplier", { min: 3, max: 20 });
    }
    for (const b of i.optObjects("bgpConnections") ?? []) readBgp(b, listIds, mcr.uid);

    // A single object, not an array (mpgo commit 69800cf): Fields.object refuses arrays.
    const ipsec = i.optObject("ipSecTunnelOptions");
    if (type === "ipSecTunnel") {
      if (!ipsec) throw badRequest(`${i.where}.ipSecTunnelOptions is required for an ipSecTunnel interface`);
      readIpsecOptions(ipsec);
      tunnels++;
    } else if (ipsec) throw badRequest(`${i.where}.ipSecTunnelOptions needs interfaceType ipSecTunnel`);
  }
  if (tunnels > 0) {
    const addOn = mcr.addOns.find((a) => a.addOnType === "IP_SEC");
    if (!addOn) throw badRequest(`MCR ${mcr.uid} has no IP_SEC add-on; ipSecTunnel interfaces need one`);
    const total = store.configuredTunnels(mcr.uid) - previousTunnels + tunnels;
    if (total > addOn.tunnelCount)
      throw badRequest(`MCR ${mcr.uid} would have ${total} IPsec tunnels but its add-on allows ${addOn.tunnelCount}`);
  }
  return { connectType: "VROUTER", raw: f.raw };
}

function readBgp(b: Fields, listIds: Set<number>, mcrUid: string): void {
  b.int("peerAsn", { min: 1, max: 4294967295 });
  b.optInt("localAsn", { min: 1, max: 4294967295 });
  requireIp(b.string("localIpAddress"), `${b.where}.localIpAddress`);
  requireIp(b.string("peerIpAddress"), `${b.where}.peerIpAddress`);
  b.optBool("shutdown");
  b.optBool("bfdEnabled");
  b.optString("password", { max: 25 });
  b.optString("description");
  b.optInt("medIn", { min: 0 });
  b.optInt("medOut", { min: 0 });
  b.optOneOf("exportPolicy", ["permit", "deny"] as const);
  b.optInt("asPathPrependCount", { min: 0, max: 10 });
  b.optOneOf("peerType", ["NON_CLOUD", "PRIV_CLOUD", "PUB_CLOUD"] as const);
  for (const key of ["permitExportTo", "denyExportTo"]) {
    for (const [n, a] of (b.optArray(key) ?? []).entries()) {
      if (typeof a !== "string") throw badRequest(`${b.where}.${key}[${n}] must be a string`);
      requireIp(a, `${b.where}.${key}[${n}]`);
    }
  }
  // Prefix lists are referenced by integer id (§5.4); tf resolves descriptions to ids before sending.
  for (const key of PREFIX_LIST_KEYS) {
    const id = b.optInt(key, { min: 1 });
    if (id !== undefined && !listIds.has(id))
      throw badRequest(`${b.where}.${key} ${id} is not a prefix list of MCR ${mcrUid}`);
  }
}

function readIpsecOptions(o: Fields): void {
  requireIp(o.string("sourceIpAddress"), `${o.where}.sourceIpAddress`);
  requireIp(o.string("destinationIpAddress"), `${o.where}.destinationIpAddress`);
  o.string("preSharedKey");
  o.optBool("passive");
  o.optString("localId");
  o.optString("remoteId");
  const phase1 = o.optInt("phase1Lifetime", { min: 3600, max: 604800 }) ?? 28800;
  const phase2 = o.optInt("phase2Lifetime", { min: 600, max: 86400 }) ?? 3600;
  if (phase2 >= phase1) throw badRequest(`${o.where}.phase2Lifetime must be below phase1Lifetime (${phase1})`);
}

/** The VROUTER `csp_connection` entry for an MCR end. Secrets (BGP passwords, pre-shared keys) are not echoed. */
export function renderVrouterCsp(
  side: "a" | "b",
  vlan: number | null,
  config: PartnerConfig | null,
  mcr: McrRec,
): Record<string, unknown> {
  const raw = config?.raw["interfaces"];
  const interfaces = (Array.isArray(raw) ? raw : []).filter(isObject).map((i) => ({
    ipAddresses: Array.isArray(i["ipAddresses"]) ? i["ipAddresses"] : [],
    ipRoutes: Array.isArray(i["ipRoutes"]) ? i["ipRoutes"] : [],
    bgpConnections: (Array.isArray(i["bgpConnections"]) ? i["bgpConnections"] : [])
      .filter(isObject)
      .map(({ password: _secret, ...rest }) => rest),
    natIpAddresses: Array.isArray(i["natIpAddresses"]) ? i["natIpAddresses"] : [],
    bfd: isObject(i["bfd"]) ? i["bfd"] : {},
  }));
  return {
    connectType: "VROUTER",
    resource_name: `${side}_csp_connection`,
    resource_type: "csp_connection",
    vlan,
    interfaces,
    ip_addresses: interfaces.flatMap((i) => i.ipAddresses),
    virtualRouterName: mcr.name,
  };
}

/** Tunnels a VXC currently counts on an MCR (for updates). */
export function tunnelsOf(vxc: VxcRec, mcrUid: string): number {
  const end = vxc.aEnd.productUid === mcrUid ? vxc.aEnd : vxc.bEnd;
  const raw = end.config?.raw["interfaces"];
  return Array.isArray(raw) ? raw.filter((i) => isObject(i) && i["interfaceType"] === "ipSecTunnel").length : 0;
}
