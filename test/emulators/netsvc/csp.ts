/**
 * Cloud partner configs on a partner-port end (reference §5.4) and the matching `resources.csp_connection` variants
 * (§5.5). The config is validated against the port's `connectType` and kept on the VXC; GET never returns it, only
 * the derived csp_connection.
 */
import type { PartnerPort } from "./catalogData.js";
import { badRequest } from "./envelope.js";
import type { PartnerConfig, VxcRec } from "./types.js";
import { Fields, isObject, requireCidr } from "./validate.js";

/** Partner ports whose VXCs cannot be ordered without a partner config. */
const CONFIG_REQUIRED = new Set(["AWS", "AWSHC", "AZURE", "GOOGLE", "ORACLE", "IBM"]);

export function readCspConfig(
  f: Fields | undefined,
  partner: PartnerPort,
  otherEndIsMcr: boolean,
): PartnerConfig | null {
  const expected = partner.connectType;
  if (!f) {
    if (CONFIG_REQUIRED.has(expected))
      throw badRequest(`A VXC to ${partner.title} needs bEnd.partnerConfig with connectType ${expected}`);
    return null;
  }
  const connectType = f.string("connectType").toUpperCase();
  if (connectType !== expected)
    throw badRequest(`${f.where}.connectType ${connectType} does not match the partner port (${expected})`);
  switch (connectType) {
    case "AWS":
      f.oneOf("type", ["private", "public", "transit"] as const);
      awsAccount(f);
      f.optInt("asn", { min: 1, max: 4294967295 });
      f.optInt("amazonAsn", { min: 1, max: 4294967295 });
      f.optString("authKey");
      f.optString("prefixes");
      f.optString("name", { max: 100 });
      for (const key of ["customerIpAddress", "amazonIpAddress"]) {
        const v = f.optString(key);
        if (v !== undefined && v !== "") requireCidr(v, `${f.where}.${key}`);
      }
      break;
    case "AWSHC":
      awsAccount(f);
      f.optString("name", { max: 100 });
      break;
    case "AZURE":
      f.string("serviceKey");
      for (const p of f.optObjects("peers") ?? []) {
        p.oneOf("type", ["private", "microsoft"] as const);
        // peer_asn is a *string* in orders (an int in GET's csp_connection): §5.4 vs §5.5.
        if (!/^\d{1,10}$/.test(p.string("peer_asn")))
          throw badRequest(`${p.where}.peer_asn must be a string of digits`);
        requireCidr(p.string("primary_subnet"), `${p.where}.primary_subnet`);
        requireCidr(p.string("secondary_subnet"), `${p.where}.secondary_subnet`);
        p.optString("prefixes");
        p.optString("shared_key");
        p.optInt("vlan", { min: 2, max: 4093 });
      }
      break;
    case "GOOGLE":
      f.string("pairingKey");
      break;
    case "ORACLE":
      f.string("virtualCircuitId");
      break;
    case "IBM":
      // snake_case keys on the wire (§5.4); customer_asn is optional when the other end is an MCR.
      f.string("account_id");
      f.string("name", { max: 100 });
      if (otherEndIsMcr) f.optInt("customer_asn", { min: 1, max: 4294967295 });
      else f.int("customer_asn", { min: 1, max: 4294967295 });
      for (const key of ["customer_ip_address", "provider_ip_address"]) {
        const v = f.optString(key);
        if (v !== undefined && v !== "") requireCidr(v, `${f.where}.${key}`);
      }
      break;
    default:
      // TRANSIT, OUTSCALE, FRANCEIX, DEFAULT: only the connectType is defined.
      break;
  }
  return { connectType, raw: f.raw };
}

function awsAccount(f: Fields): void {
  if (!/^\d{12}$/.test(f.string("ownerAccount")))
    throw badRequest(`${f.where}.ownerAccount must be a 12-digit AWS account id`);
}

const BANDWIDTHS = [50, 100, 200, 300, 400, 500, 1000, 2000, 5000, 10000];

/** The csp_connection entry of a partner-port end, or undefined when that partner has none. */
export function renderCsp(
  side: "a" | "b",
  vxc: VxcRec,
  vlan: number | null,
  partner: PartnerPort,
  partnerPortId: number,
  config: PartnerConfig | null,
): Record<string, unknown> | undefined {
  const c = config?.raw ?? {};
  const str = (k: string): string => (typeof c[k] === "string" ? (c[k] as string) : "");
  const num = (k: string): number | null => (typeof c[k] === "number" ? (c[k] as number) : null);
  const base = {
    connectType: partner.connectType,
    resource_name: `${side}_csp_connection`,
    resource_type: "csp_connection",
  };
  const hex = vxc.id.toString(16).padStart(8, "0");
  switch (partner.connectType) {
    case "AWS":
      return {
        ...base,
        vlan,
        account: str("ownerAccount"),
        amazon_address: str("amazonIpAddress"),
        asn: num("asn"),
        amazonAsn: num("amazonAsn") ?? 64512,
        authKey: str("authKey"),
        customer_address: str("customerIpAddress"),
        customerIpAddress: str("customerIpAddress"),
        id: vxc.id,
        name: str("name") || vxc.name,
        ownerAccount: str("ownerAccount"),
        peerAsn: num("asn"),
        type: str("type"),
        vif_id: `dxvif-${hex}`,
      };
    case "AWSHC":
      return {
        ...base,
        bandwidth: vxc.rateLimit,
        name: str("name") || vxc.name,
        ownerAccount: str("ownerAccount"),
        bandwidths: BANDWIDTHS,
        connectionId: `dxcon-${hex}`,
      };
    case "AZURE": {
      const peers = (Array.isArray(c["peers"]) ? c["peers"] : []).filter(isObject).map((p) => ({
        type: p["type"],
        peer_asn: Number(p["peer_asn"]),
        primary_subnet: p["primary_subnet"],
        secondary_subnet: p["secondary_subnet"],
        ...(typeof p["prefixes"] === "string" ? { prefixes: p["prefixes"] } : {}),
        vlan: typeof p["vlan"] === "number" ? p["vlan"] : vlan,
      }));
      return {
        ...base,
        bandwidth: vxc.rateLimit,
        managed: false,
        megaports: [{ port: partnerPortId, type: "primary", vxc: vxc.id }],
        ports: [{ service_id: partnerPortId, type: "primary", vxc_service_ids: [vxc.serviceId] }],
        service_key: str("serviceKey"),
        vlan,
        peers,
      };
    }
    case "GOOGLE":
      return {
        ...base,
        bandwidth: vxc.rateLimit,
        bandwidths: BANDWIDTHS,
        megaports: [{ port: partnerPortId, vxc: vxc.id }],
        ports: [{ service_id: partnerPortId, vxc_service_ids: [vxc.serviceId] }],
        csp_name: partner.companyName,
        pairingKey: str("pairingKey"),
      };
    case "ORACLE":
      return {
        ...base,
        csp_name: partner.companyName,
        bandwidth: vxc.rateLimit,
        megaports: [{ port: partnerPortId, vxc: vxc.id }],
        ports: [{ service_id: partnerPortId, vxc_service_ids: [vxc.serviceId], firstVxcServiceId: vxc.serviceId }],
        virtualCircuitId: str("virtualCircuitId"),
      };
    case "IBM":
      return {
        ...base,
        csp_name: partner.companyName,
        bandwidth: vxc.rateLimit,
        account_id: str("account_id"),
        customer_asn: num("customer_asn"),
        provider_ip_address: str("provider_ip_address"),
        customer_ip_address: str("customer_ip_address"),
        bandwidths: BANDWIDTHS,
      };
    case "TRANSIT": {
      // Deterministic documentation-range addresses derived from the VXC id.
      const n = vxc.id % 64;
      return {
        ...base,
        customer_ip4_address: `198.18.${n}.2/30`,
        customer_ip6_network: `2001:db8:ff:${n.toString(16)}::/64`,
        ipv4_gateway_address: `198.18.${n}.1`,
        ipv6_gateway_address: `2001:db8:ff:${n.toString(16)}::1`,
      };
    }
    default:
      return undefined;
  }
}
