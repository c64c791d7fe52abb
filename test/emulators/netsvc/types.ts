/** In-memory records behind the wire views. Names follow the wire where they can. */
import type { MveImageGroup, MveSize, PartnerPort } from "./catalogData.js";
import type { Json } from "./validate.js";

export type ProductKind = "megaport" | "mcr2" | "mve" | "vxc" | "ix";

/** `productType` as GET reports it. The reference shows both `megaport` and `MEGAPORT`; clients compare case-insensitively (§3). */
export const WIRE_TYPE: Record<ProductKind, string> = {
  megaport: "MEGAPORT",
  mcr2: "MCR2",
  mve: "MVE",
  vxc: "VXC",
  ix: "IX",
};

export interface Tag {
  key: string;
  value: string;
}

/** A provisioning step due at virtual time `at`. */
export interface Transition {
  at: number;
  status: string;
}

export interface Company {
  companyUid: string;
  companyName: string;
  companyId: number;
}

export interface ProductBase {
  uid: string;
  id: number;
  name: string;
  status: string;
  createDate: number;
  liveDate: number | null;
  terminateDate: number | null;
  contractStartDate: number;
  contractEndDate: number;
  term: number;
  costCentre: string;
  promoCode: string | null;
  companyUid: string;
  companyName: string;
  createdBy: string;
  locked: boolean;
  adminLocked: boolean;
  tags: Tag[];
  /** Pending provisioning steps, applied lazily against the virtual clock (lifecycle.ts `settle`). */
  schedule: Transition[];
  /** Status before CANCEL, restored by UN_CANCEL. */
  cancelledFrom: string | null;
  /** The order item exactly as received (holds vendorConfig/partnerConfig, which GET never returns). */
  order: unknown;
}

export interface PortRec extends ProductBase {
  kind: "megaport";
  speed: number;
  locationId: number;
  marketplaceVisibility: boolean;
  diversityZone: string | null;
  /** Shared by the members of a LAG (§3.2); null for a single port. */
  aggregationId: number | null;
  lagPrimary: boolean;
  /**
   * LACP on the port. Not in the wire reference: a probe field of the SDK (issue 10) that this emulator
   * accepts on port orders (`lacpEnabled?`, default false) and modifies, and returns on GET.
   */
  lacpEnabled: boolean;
  interfaceId: number;
  /** Set for another company's port from the partner catalogue. */
  partner: PartnerPort | null;
}

export interface AddOn {
  addOnUid: string;
  addOnType: "IP_SEC";
  tunnelCount: number;
  packCount: number;
}

export interface McrRec extends ProductBase {
  kind: "mcr2";
  speed: number;
  locationId: number;
  marketplaceVisibility: boolean;
  diversityZone: string;
  asn: number;
  addOns: AddOn[];
  interfaceId: number;
  routerId: number;
}

export interface Vnic {
  vlan: number;
  description: string;
}

export interface MveRec extends ProductBase {
  kind: "mve";
  locationId: number;
  marketplaceVisibility: boolean;
  diversityZone: string | null;
  /** Upper-cased vendor key, e.g. PALO_ALTO (§3.4). */
  vendor: string;
  size: MveSize;
  imageGroup: MveImageGroup;
  imageId: number;
  vnics: Vnic[];
  /** Kept for inspection only: the API never echoes vendorConfig (§5.1). */
  vendorConfig: Json;
  vmId: number;
  interfaceId: number;
}

/** A partner config as received; `connectType` is `VROUTER` for the MCR-end `{interfaces}` shape (§5.4). */
export interface PartnerConfig {
  connectType: string;
  raw: Json;
}

export interface VxcEnd {
  productUid: string;
  /** null = untagged (ordered as -1, reported as null, §5.3). */
  vlan: number | null;
  innerVlan: number | null;
  vnicIndex: number | null;
  config: PartnerConfig | null;
}

export interface Approval {
  status: string | null;
  message: string | null;
  uid: string | null;
  type: string | null;
  newSpeed: number | null;
  /** Who must act: the other company (test approves via `state.approveVxc`) or us (PUT `isApproved`). */
  awaiting: "partner" | "us" | null;
}

export interface VxcRec extends ProductBase {
  kind: "vxc";
  serviceId: number;
  rateLimit: number;
  shutdown: boolean;
  aEnd: VxcEnd;
  bEnd: VxcEnd;
  approval: Approval;
  serviceKey: string | null;
  vllId: number;
}

export interface IxRec extends ProductBase {
  kind: "ix";
  portUid: string;
  networkServiceType: string;
  asn: number;
  macAddress: string;
  rateLimit: number;
  vlan: number;
  shutdown: boolean;
  publicGraph: boolean;
  reverseDns: string | null;
  /** BGP password: accepted on update, never returned. */
  password: string | null;
  ipv4: string;
  ipv6: string;
  interfaceId: number;
}

export type ProductRec = PortRec | McrRec | MveRec | VxcRec | IxRec;
export type TopLevelRec = PortRec | McrRec | MveRec;

export interface ServiceKeyRec {
  key: string;
  productUid: string;
  createDate: number;
  description: string | null;
  vlan: number | null;
  maxSpeed: number;
  preApproved: boolean;
  singleUse: boolean;
  lastUsed: number | null;
  active: boolean;
  validFor: { start: number; end: number } | null;
}

export interface PrefixEntry {
  action: "permit" | "deny";
  prefix: string;
  ge?: number;
  le?: number;
}

export interface PrefixListRec {
  id: number;
  mcrUid: string;
  description: string;
  addressFamily: "IPv4" | "IPv6";
  entries: PrefixEntry[];
  lastUpdated: number;
}

export interface LoggedRequest {
  seq: number;
  /** Virtual time on arrival. */
  at: number;
  method: string;
  /** The raw request target, e.g. `/v2/service/key%3Fkey=…`. */
  url: string;
  path: string;
  query: Record<string, string[]>;
  /** Exactly as received (Node lower-cases header names), Authorization included, so tests can look for leaks. */
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** Status sent, or null when a `drop` fault closed the socket. */
  status: number | null;
  /** Kind of the fault that answered, if any. */
  fault: string | null;
}
