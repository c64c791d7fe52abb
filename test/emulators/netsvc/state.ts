/**
 * The in-memory store: products, service keys, prefix lists, tokens, the request log and the test switches.
 * Every read goes through `settleAll`, which applies provisioning steps that fell due on the virtual clock.
 */
import { IXPS, PARTNER_PORTS, LOCATIONS, type Ixp, type Location, type PartnerPort } from "./catalogData.js";
import type { VirtualClock } from "../clock.js";
import { serviceNotFound, badRequest } from "./envelope.js";
import { Ids } from "./ids.js";
import { INACTIVE, isActive, settle, type Timings } from "./lifecycle.js";
import { tunnelsOf } from "./vrouter.js";
import type {
  Company,
  IxRec,
  LoggedRequest,
  PortRec,
  PrefixListRec,
  ProductKind,
  ProductRec,
  ServiceKeyRec,
  TopLevelRec,
  VxcRec,
} from "./types.js";

export interface StoreOptions {
  seed: number;
  company: Company;
  timings: Timings;
  tokenLifetimeSeconds: number;
}

export class Store {
  readonly ids: Ids;
  /** A separate stream for access tokens, so the number of token fetches does not shift product UIDs. */
  readonly tokenIds: Ids;
  /** Our products, plus VXCs another company ordered onto our ports. */
  readonly products = new Map<string, ProductRec>();
  /** Other companies' ports (partner catalogue), reachable as VXC B-ends and through GET. */
  readonly foreignPorts = new Map<string, PortRec>();
  readonly serviceKeys = new Map<string, ServiceKeyRec>();
  readonly prefixLists = new Map<number, PrefixListRec>();
  /** access_token → virtual expiry (ms). */
  readonly tokens = new Map<string, number>();
  readonly requests: LoggedRequest[] = [];
  /** Successful buy calls (status 200) and the bodies they carried: "never a duplicate order" assertions. */
  readonly buys: unknown[] = [];
  /** Unexpected exceptions in handlers (answered 500): a test can assert there were none. */
  readonly internalErrors: string[] = [];
  /** Test switches. */
  readonly switches = {
    /** `${mcrUid}:${listId}` of prefix lists that DELETE must refuse with 409 (§2.2, §3.8). */
    prefixListsInUse: new Set<string>(),
    /** Tunnels configured per MCR on top of those counted from VXC ipSecTunnel interfaces (§3.9). */
    extraTunnels: new Map<string, number>(),
  };

  constructor(
    readonly options: StoreOptions,
    readonly clock: VirtualClock,
  ) {
    this.ids = new Ids(options.seed);
    this.tokenIds = new Ids(options.seed ^ 0x5bd1e995);
    for (const partner of PARTNER_PORTS) this.foreignPorts.set(partner.productUid, this.partnerPortRecord(partner));
  }

  get company(): Company {
    return this.options.company;
  }

  get timings(): Timings {
    return this.options.timings;
  }

  now(): number {
    return this.clock.now();
  }

  settleAll(now = this.now()): void {
    for (const p of this.products.values()) settle(p, now);
  }

  /** Any product by UID (ours or a partner port), or undefined. */
  find(uid: string): ProductRec | undefined {
    return this.products.get(uid) ?? this.foreignPorts.get(uid);
  }

  /** Any product by UID, or the API's 400 "Could not find a service with UID" (§2.2). */
  get(uid: string): ProductRec {
    const p = this.find(uid);
    if (!p) throw serviceNotFound(uid);
    return p;
  }

  /** A product of one kind, e.g. the MCR behind a prefix-list path. Wrong kind is a 400 naming the real type. */
  getKind<K extends ProductKind>(uid: string, kind: K): Extract<ProductRec, { kind: K }> {
    const p = this.get(uid);
    if (p.kind !== kind) throw badRequest(`Product ${uid} is a ${p.kind.toUpperCase()}, not a ${kind.toUpperCase()}`);
    return p as Extract<ProductRec, { kind: K }>;
  }

  /** Our own product (not another company's port): needed for anything that changes it. */
  own(uid: string): ProductRec {
    const p = this.products.get(uid);
    if (!p) {
      if (this.foreignPorts.has(uid)) throw badRequest(`Product ${uid} belongs to another company`);
      throw serviceNotFound(uid);
    }
    return p;
  }

  location(id: number): Location | undefined {
    return LOCATIONS.find((l) => l.id === id);
  }

  ixp(name: string): Ixp | undefined {
    return IXPS.find((x) => x.name === name);
  }

  topLevel(): TopLevelRec[] {
    const out: TopLevelRec[] = [];
    for (const p of this.products.values())
      if (p.kind === "megaport" || p.kind === "mcr2" || p.kind === "mve") out.push(p);
    return out.sort((a, b) => a.id - b.id);
  }

  /** VXCs with an end on `uid`. */
  vxcsOn(uid: string): VxcRec[] {
    const out: VxcRec[] = [];
    for (const p of this.products.values())
      if (p.kind === "vxc" && (p.aEnd.productUid === uid || p.bEnd.productUid === uid)) out.push(p);
    return out.sort((a, b) => a.id - b.id);
  }

  ixsOn(portUid: string): IxRec[] {
    const out: IxRec[] = [];
    for (const p of this.products.values()) if (p.kind === "ix" && p.portUid === portUid) out.push(p);
    return out.sort((a, b) => a.id - b.id);
  }

  /** Members of the LAG `p` belongs to (just `p` when it is not a LAG member). */
  lagMembers(p: ProductRec): ProductRec[] {
    if (p.kind !== "megaport" || p.aggregationId === null) return [p];
    const agg = p.aggregationId;
    return [...this.products.values()].filter((q) => q.kind === "megaport" && q.aggregationId === agg);
  }

  /**
   * VLANs in use on a product (and, for an MVE, on one vNIC). Inactive services release theirs. `null` in the result
   * stands for the single untagged slot.
   */
  vlansInUse(productUid: string, vnicIndex: number | null = null, exceptUid?: string): Set<number | null> {
    const used = new Set<number | null>();
    for (const p of this.products.values()) {
      if (p.uid === exceptUid || INACTIVE.has(p.status)) continue;
      if (p.kind === "vxc") {
        for (const end of [p.aEnd, p.bEnd])
          if (end.productUid === productUid && (vnicIndex === null || (end.vnicIndex ?? 0) === vnicIndex))
            used.add(end.vlan);
      } else if (p.kind === "ix" && p.portUid === productUid) used.add(p.vlan);
    }
    return used;
  }

  /** Lowest free VLAN from 100 upwards, skipping `also` (VLANs reserved earlier in the same order). */
  allocateVlan(used: Set<number | null>, also: Set<number | null> = new Set()): number {
    for (let v = 100; v <= 4093; v++) if (!used.has(v) && !also.has(v)) return v;
    for (let v = 2; v < 100; v++) if (!used.has(v) && !also.has(v)) return v;
    throw badRequest("No free VLAN left on this service");
  }

  /** IPsec tunnels configured on an MCR: ipSecTunnel interfaces of its active VXCs plus the test switch. */
  configuredTunnels(mcrUid: string): number {
    let count = this.switches.extraTunnels.get(mcrUid) ?? 0;
    for (const vxc of this.vxcsOn(mcrUid)) if (isActive(vxc)) count += tunnelsOf(vxc, mcrUid);
    return count;
  }

  /** Prefix-list ids referenced by BGP connections of active VXCs on an MCR (a referenced list cannot be deleted). */
  referencedPrefixLists(mcrUid: string): Set<number> {
    const ids = new Set<number>();
    for (const vxc of this.vxcsOn(mcrUid)) {
      if (!isActive(vxc)) continue;
      const end = vxc.aEnd.productUid === mcrUid ? vxc.aEnd : vxc.bEnd;
      const interfaces = end.config?.connectType === "VROUTER" ? end.config.raw["interfaces"] : undefined;
      if (!Array.isArray(interfaces)) continue;
      for (const i of interfaces) {
        const bgp = typeof i === "object" && i !== null ? (i as Record<string, unknown>)["bgpConnections"] : undefined;
        if (!Array.isArray(bgp)) continue;
        for (const c of bgp) {
          if (typeof c !== "object" || c === null) continue;
          for (const key of ["importWhitelist", "importBlacklist", "exportWhitelist", "exportBlacklist"]) {
            const v = (c as Record<string, unknown>)[key];
            if (typeof v === "number") ids.add(v);
          }
        }
      }
    }
    return ids;
  }

  private partnerPortRecord(partner: PartnerPort): PortRec {
    const created = Date.UTC(2020, 0, 1);
    return {
      kind: "megaport",
      uid: partner.productUid,
      id: this.ids.counter("productId", 100_001),
      name: partner.title,
      status: "LIVE",
      createDate: created,
      liveDate: created,
      terminateDate: null,
      contractStartDate: created,
      contractEndDate: Date.UTC(2030, 0, 1),
      term: 60,
      costCentre: "",
      promoCode: null,
      companyUid: partner.companyUid,
      companyName: partner.companyName,
      createdBy: partner.companyName,
      locked: false,
      adminLocked: false,
      tags: [],
      schedule: [],
      cancelledFrom: null,
      order: null,
      speed: partner.speed,
      locationId: partner.locationId,
      marketplaceVisibility: true,
      diversityZone: partner.diversityZone,
      aggregationId: null,
      lagPrimary: false,
      lacpEnabled: false,
      interfaceId: this.ids.counter("interfaceId", 50_001),
      partner,
    };
  }
}
