/**
 * What tests see of the emulator's insides (`emulator.state`): wire views and raw records of products, the request
 * log, successful buy calls, and switches that stand in for the other side of the world (a partner approving a VXC,
 * a prefix list in use, tunnels configured elsewhere).
 */
import { markDecommissioned } from "./lifecycle.js";
import type { Store } from "./state.js";
import type { LoggedRequest, PrefixListRec, ProductRec, ServiceKeyRec } from "./types.js";
import { renderProduct } from "./views.js";
import { approve, injectIncomingVxc, pendingPartner, reject, type IncomingVxcInput } from "./vxc.js";

export interface RequestFilter {
  method?: string;
  /** Substring of, or pattern tested against, the raw request target. */
  path?: string | RegExp;
}

export class EmulatorState {
  constructor(private readonly current: () => Store) {}

  private get store(): Store {
    const store = this.current();
    store.settleAll();
    return store;
  }

  /** Wire views (as GET /v2/product/{uid} renders them) of all our products, VXCs and IXs included, in order. */
  products(): Record<string, unknown>[] {
    const store = this.store;
    return [...store.products.values()].sort((a, b) => a.id - b.id).map((p) => renderProduct(store, p));
  }

  /** The wire view of one product (ours or a partner port), or undefined. */
  product(uid: string): Record<string, unknown> | undefined {
    const store = this.store;
    const p = store.find(uid);
    return p ? renderProduct(store, p) : undefined;
  }

  /** The internal record, including what the API never returns (the order as sent, vendorConfig, partner configs). */
  record(uid: string): ProductRec | undefined {
    return this.store.find(uid);
  }

  statusOf(uid: string): string | undefined {
    return this.store.find(uid)?.status;
  }

  /** Buy calls that succeeded (200). */
  buyCount(): number {
    return this.current().buys.length;
  }

  buyBodies(): readonly unknown[] {
    return this.current().buys;
  }

  /** Logged requests, oldest first: raw target, headers (Authorization included) and body. */
  requests(filter: RequestFilter = {}): LoggedRequest[] {
    return this.current().requests.filter((r) => {
      if (filter.method !== undefined && r.method !== filter.method.toUpperCase()) return false;
      if (filter.path === undefined) return true;
      if (typeof filter.path === "string") return r.url.includes(filter.path);
      filter.path.lastIndex = 0;
      return filter.path.test(r.url);
    });
  }

  lastRequest(filter: RequestFilter = {}): LoggedRequest | undefined {
    return this.requests(filter).at(-1);
  }

  clearRequests(): void {
    this.current().requests.length = 0;
  }

  serviceKeys(): ServiceKeyRec[] {
    return [...this.current().serviceKeys.values()];
  }

  prefixLists(mcrUid?: string): PrefixListRec[] {
    return [...this.current().prefixLists.values()].filter((l) => mcrUid === undefined || l.mcrUid === mcrUid);
  }

  /** Access tokens issued so far. */
  tokensIssued(): number {
    return this.current().tokens.size;
  }

  /** Every issued token stops working now (the next API call gets 401). */
  expireAllTokens(): void {
    const store = this.current();
    const now = store.now();
    for (const token of store.tokens.keys()) store.tokens.set(token, now);
  }

  /** The other company approves a VXC waiting on it: provisioning starts from now. */
  approveVxc(uid: string): void {
    const store = this.store;
    const p = store.find(uid);
    if (!pendingPartner(p)) throw new Error(`VXC ${uid} is not waiting for a partner's approval`);
    approve(store, p, store.now());
  }

  /** The other company rejects a VXC waiting on it. */
  rejectVxc(uid: string): void {
    const store = this.store;
    const p = store.find(uid);
    if (!pendingPartner(p)) throw new Error(`VXC ${uid} is not waiting for a partner's approval`);
    reject(p, store.now());
  }

  /** Another company orders a VXC onto one of our services; it waits for our `PUT {isApproved}`. Returns its UID. */
  injectIncomingVxc(input: IncomingVxcInput): string {
    return injectIncomingVxc(this.current(), input).uid;
  }

  /** Force a provisioning status (e.g. DECOMMISSIONED behind the client's back); pending steps are dropped. */
  setStatus(uid: string, status: string): void {
    const store = this.store;
    const p = store.find(uid);
    if (!p) throw new Error(`no product ${uid}`);
    if (status === "DECOMMISSIONED") markDecommissioned(p, store.now());
    else {
      p.status = status;
      p.schedule = [];
    }
  }

  /** Make DELETE of a prefix list answer 409 (in use by a BGP session) until switched off. */
  setPrefixListInUse(mcrUid: string, listId: number, inUse = true): void {
    const key = `${mcrUid}:${listId}`;
    const set = this.current().switches.prefixListsInUse;
    if (inUse) set.add(key);
    else set.delete(key);
  }

  /** Pretend `count` IPsec tunnels are configured on an MCR (on top of those its VXCs define). */
  setConfiguredTunnels(mcrUid: string, count: number): void {
    this.current().switches.extraTunnels.set(mcrUid, count);
  }

  /** Unexpected exceptions the handlers hit (each was answered 500). */
  internalErrors(): readonly string[] {
    return this.current().internalErrors;
  }
}
