/**
 * MCR prefix filter lists (reference §3.8), under `/v2/product/mcr2/{mcrUid}`:
 *   POST   prefixList          create  (entries' ge/le are numbers in requests)
 *   GET    prefixLists         summaries {id, description, addressFamily}  (note the plural)
 *   GET    prefixList/{id}     one list, entries' ge/le as STRINGS — real API behaviour (mpgo commit 1eb1521)
 *   PUT    prefixList/{id}     replace
 *   DELETE prefixList/{id}     409 while a BGP connection uses it (or while a test marks it in use)
 */
import { ApiError, badRequest, ok, type Reply } from "./envelope.js";
import type { Ctx, Router } from "./router.js";
import type { Store } from "./state.js";
import type { McrRec, PrefixEntry, PrefixListRec } from "./types.js";
import { Fields, isObject, parseCidr } from "./validate.js";

function mcrOf(c: Ctx, forChange: boolean): McrRec {
  const mcr = c.store.getKind(c.params["mcrUid"] ?? "", "mcr2");
  if (mcr.companyUid !== c.store.company.companyUid) throw badRequest(`MCR ${mcr.uid} belongs to another company`);
  if (forChange && mcr.status === "DECOMMISSIONED") throw badRequest(`MCR ${mcr.uid} is DECOMMISSIONED`);
  return mcr;
}

function listOf(c: Ctx, mcr: McrRec): PrefixListRec {
  const raw = c.params["id"] ?? "";
  const id = /^\d+$/.test(raw) ? Number(raw) : NaN;
  const list = c.store.prefixLists.get(id);
  // tf treats a 404 on delete as "already gone" (§3.8).
  if (!list || list.mcrUid !== mcr.uid) throw new ApiError(404, `Prefix list ${raw} not found on MCR ${mcr.uid}`);
  return list;
}

/** Validates a full list object (create and update share it). */
function readList(body: unknown): Omit<PrefixListRec, "id" | "mcrUid" | "lastUpdated"> {
  if (!isObject(body)) throw badRequest("The request body must be a JSON object");
  const f = new Fields(body, "");
  const description = f.string("description", { max: 100 });
  const familyText = f.string("addressFamily");
  // IPv4/IPv6, case-insensitive (seed "McrPrefixFilterList"); stored in the canonical spelling.
  const addressFamily =
    familyText.toLowerCase() === "ipv4" ? "IPv4" : familyText.toLowerCase() === "ipv6" ? "IPv6" : undefined;
  if (!addressFamily) throw badRequest(`addressFamily must be IPv4 or IPv6 (got ${JSON.stringify(familyText)})`);
  const max = addressFamily === "IPv4" ? 32 : 128;
  const entries = f.objects("entries", { min: 1, max: 200 }).map((e): PrefixEntry => {
    const action = e.oneOf("action", ["permit", "deny"] as const);
    const prefix = e.string("prefix");
    const cidr = parseCidr(prefix);
    if (!cidr) throw badRequest(`${e.where}.prefix ${JSON.stringify(prefix)} is not a CIDR prefix`);
    if (cidr.family !== addressFamily)
      throw badRequest(`${e.where}.prefix ${prefix} is not an ${addressFamily} prefix`);
    if (!cidr.canonical) throw badRequest(`${e.where}.prefix ${prefix} has host bits set`);
    // Numbers on the way in (§3.8); a string here is a client bug and is refused.
    const ge = e.optInt("ge", { min: 0, max });
    const le = e.optInt("le", { min: 0, max });
    if (ge !== undefined && ge < cidr.length)
      throw badRequest(`${e.where}.ge ${ge} is below the prefix length ${cidr.length}`);
    if (le !== undefined && le < cidr.length)
      throw badRequest(`${e.where}.le ${le} is below the prefix length ${cidr.length}`);
    if (ge !== undefined && le !== undefined && ge > le) throw badRequest(`${e.where}.ge ${ge} is above le ${le}`);
    return { action, prefix, ...(ge !== undefined ? { ge } : {}), ...(le !== undefined ? { le } : {}) };
  });
  return { description, addressFamily, entries };
}

/** ge/le go out as strings, and are left out when not set (tf then derives them, §3.8). */
function render(list: PrefixListRec): Record<string, unknown> {
  return {
    id: list.id,
    description: list.description,
    addressFamily: list.addressFamily,
    entries: list.entries.map((e) => ({
      action: e.action,
      prefix: e.prefix,
      ...(e.ge !== undefined ? { ge: String(e.ge) } : {}),
      ...(e.le !== undefined ? { le: String(e.le) } : {}),
    })),
  };
}

function create(c: Ctx): Reply {
  const mcr = mcrOf(c, true);
  const input = readList(c.body);
  const list: PrefixListRec = {
    id: c.store.ids.counter("prefixListId", 1),
    mcrUid: mcr.uid,
    lastUpdated: c.now,
    ...input,
  };
  c.store.prefixLists.set(list.id, list);
  return ok("Created a new prefix list for MCR", render(list));
}

function summaries(c: Ctx): Reply {
  const mcr = mcrOf(c, false);
  const lists = [...c.store.prefixLists.values()].filter((l) => l.mcrUid === mcr.uid).sort((a, b) => a.id - b.id);
  return ok(
    `Prefix lists of MCR ${mcr.uid}`,
    lists.map((l) => ({ id: l.id, description: l.description, addressFamily: l.addressFamily })),
  );
}

function getOne(c: Ctx): Reply {
  const list = listOf(c, mcrOf(c, false));
  return ok(`Prefix list ${list.id}`, render(list));
}

function update(c: Ctx): Reply {
  const mcr = mcrOf(c, true);
  const list = listOf(c, mcr);
  const input = readList(c.body);
  Object.assign(list, input, { lastUpdated: c.now });
  return ok(`Prefix list ${list.id} updated`, render(list));
}

function inUse(store: Store, list: PrefixListRec): boolean {
  return (
    store.switches.prefixListsInUse.has(`${list.mcrUid}:${list.id}`) ||
    store.referencedPrefixLists(list.mcrUid).has(list.id)
  );
}

function remove(c: Ctx): Reply {
  const mcr = mcrOf(c, false);
  const list = listOf(c, mcr);
  if (inUse(c.store, list))
    throw new ApiError(409, `Prefix list ${list.id} is in use by a BGP connection and cannot be deleted`);
  c.store.prefixLists.delete(list.id);
  return ok(`Prefix list ${list.id} deleted`);
}

export function registerPrefixLists(router: Router): void {
  router.add("POST", "/v2/product/mcr2/:mcrUid/prefixList", create);
  router.add("GET", "/v2/product/mcr2/:mcrUid/prefixLists", summaries);
  router.add("GET", "/v2/product/mcr2/:mcrUid/prefixList/:id", getOne);
  router.add("PUT", "/v2/product/mcr2/:mcrUid/prefixList/:id", update);
  router.add("DELETE", "/v2/product/mcr2/:mcrUid/prefixList/:id", remove);
}
