import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { inspect } from "node:util";
import { OrderUncertainError, Secret, setWarningSink, WaitError } from "@sdkgen/runtime";
import { Mcr, McrPrefixFilterList, Port, type PortArgs, Provider, ServiceKey } from "netsvc";
import { startNetsvcEmulator, type NetsvcEmulator } from "../emulators/netsvc/index.js";
import { Client, stopClean } from "../emulators/netsvc/testkit.js";

// An order the service may have accepted is never lost and never sent twice: every failure after it
// names the object and how to adopt it.
let emu: NetsvcEmulator;
beforeEach(async () => {
  emu = await startNetsvcEmulator({ clock: { speed: 1000 } });
});
afterEach(async () => {
  await stopClean(emu);
});

const provider = () =>
  new Provider(
    {
      endpoint: emu.url,
      accessKey: emu.credentials.accessKey,
      secretKey: emu.credentials.secretKey,
      acceptPurchaseTerms: true,
    },
    {},
    {
      pollMs: 5,
      retry: { maxAttempts: 4, baseDelayMs: 1, maxDelayMs: 5, maxRetryAfterMs: 10, budgetMs: 1000 },
      timeoutMs: 2000,
    },
  );
const port = (productName: string): PortArgs => ({
  productName,
  locationId: 3,
  portSpeed: 10000,
  marketplaceVisibility: false,
  contractTermMonths: 1,
});
const named = (name: string) => emu.state.products().filter((p) => p.productName === name);

describe("an order whose answer or first reads fail", () => {
  it("survives a 500 on the first read after the buy: reads are repeated", async () => {
    emu.faults.next({ kind: "status", status: 500, method: "GET", path: "/v2/product/" });
    const created = await Port.create(port("after-500"), { provider: provider(), waitMinutes: 1 });
    expect(created.provisioningStatus).toBeDefined();
    expect(named("after-500")).toHaveLength(1);
  });

  it("names the ordered object and its import call when every read fails", async () => {
    emu.faults.next({ kind: "status", status: 500, method: "GET", path: "/v2/product/", times: 50 });
    const error = await Port.create(port("reads-fail"), { provider: provider(), waitMinutes: 1 }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(WaitError);
    const uid = named("reads-fail")[0]!.productUid as string;
    expect((error as WaitError).outcome).toBe("interrupted");
    expect((error as WaitError).importId).toBe(uid);
    expect((error as Error).message).toContain(`import("${uid}")`);
    expect(named("reads-fail")).toHaveLength(1);
  });

  it("names the ordered object when the caller aborts while waiting", async () => {
    const controller = new AbortController();
    emu.faults.next({ kind: "delay", ms: 200, method: "GET", path: "/v2/product/", times: 20 });
    setTimeout(() => controller.abort(new Error("stopped by the program")), 300);
    const error = await Port.create(port("aborted"), {
      provider: provider(),
      waitMinutes: 1,
      signal: controller.signal,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WaitError);
    expect((error as WaitError).importId).toBe(named("aborted")[0]!.productUid);
  });

  it("adopts the product a lost buy answer ordered, and orders nothing twice", async () => {
    emu.faults.next({ kind: "dropAfter", method: "POST", path: "/v4/networkdesign/buy" });
    const created = await Port.create(port("lost-answer"), { provider: provider(), waitMinutes: 1 });
    expect(named("lost-answer")).toHaveLength(1);
    expect(created.productUid).toBe(named("lost-answer")[0]!.productUid);
    expect(emu.state.buyCount()).toBe(1);
  });

  it("says the order is uncertain, naming no object, when the buy never reached the service", async () => {
    emu.faults.next({ kind: "drop", method: "POST", path: "/v4/networkdesign/buy" });
    const error = await Port.create(port("never-placed"), { provider: provider() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OrderUncertainError);
    expect((error as OrderUncertainError).candidates).toEqual([]);
    expect((error as Error).message).toContain("look with find() before creating it again");
    expect(named("never-placed")).toHaveLength(0);
  });

  it("never passes off an identical object made earlier as the one a lost order made", async () => {
    const first = await Port.create(port("twin"), { provider: provider(), waitMinutes: 1 });
    emu.faults.next({ kind: "drop", method: "POST", path: "/v4/networkdesign/buy" });
    const error = await Port.create(port("twin"), { provider: provider(), waitMinutes: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OrderUncertainError);
    expect((error as OrderUncertainError).candidates).toEqual([]);
    expect(named("twin").map((p) => p.productUid)).toEqual([first.productUid]);
  });

  it("adopts the one new object a lost answer made beside an identical earlier one", async () => {
    const first = await Port.create(port("twin-2"), { provider: provider(), waitMinutes: 1 });
    emu.faults.next({ kind: "dropAfter", method: "POST", path: "/v4/networkdesign/buy" });
    const second = await Port.create(port("twin-2"), { provider: provider(), waitMinutes: 1 });
    expect(named("twin-2")).toHaveLength(2);
    expect(second.productUid).not.toBe(first.productUid);
    expect(emu.state.buyCount()).toBe(2);
  });

  it("names a service key it cannot adopt without printing the key, its own id", async () => {
    const port = await new Client(emu).buyPort();
    // The list before the order fails, so nothing can be adopted; the key the lost answer made is named.
    emu.faults.next({ kind: "status", status: 400, method: "GET", path: /^\/v2\/service\/key\?productIdOrUid/ });
    emu.faults.next({ kind: "dropAfter", method: "POST", path: "/v2/service/key" });
    const error = await ServiceKey.create(
      { productUid: port, maxSpeed: 100, singleUse: false, active: true, description: "lost" },
      { provider: provider() },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OrderUncertainError);
    const key = String(emu.state.serviceKeys().find((k) => k.description === "lost")!.key);
    const [candidate] = (error as OrderUncertainError).candidates;
    expect(candidate).toBeInstanceOf(Secret);
    expect((candidate as Secret).reveal()).toBe(key);
    const printed = [String(error), JSON.stringify(error), inspect(error, { depth: Infinity }), (error as Error).stack];
    expect(printed.join("\n")).not.toContain(key);
    expect(String(error)).toContain('import("[secret]")');
  });

  it.each([500, 400])(
    "says an MCR exists, and how to adopt it, when a step after its order fails (%i)",
    async (status) => {
      emu.faults.next({ kind: "status", status, method: "POST", path: /\/prefixList$/ });
      const lists = [
        {
          description: "inline",
          addressFamily: "IPv4" as const,
          entries: [{ prefix: "10.0.0.0/8", action: "permit" as const }],
        },
      ];
      setWarningSink(() => {}); // the inline lists are deprecated
      const error = await Mcr.create(
        {
          productName: `follow-${status}`,
          contractTermMonths: 1,
          locationId: 3,
          portSpeed: 5000,
          prefixFilterLists: lists,
        },
        { provider: provider(), waitMinutes: 1 },
      ).catch((e: unknown) => e);
      const made = named(`follow-${status}`);
      expect(made).toHaveLength(1);
      expect(error).toBeInstanceOf(WaitError);
      expect((error as WaitError).outcome).toBe("incomplete");
      expect((error as WaitError).importId).toBe(made[0]!.productUid);
      expect((error as Error).message).toMatch(
        /was created but a step after its creation failed \(.*prefixList failed with \d+/,
      );
      expect(emu.state.buyCount()).toBe(1);
    },
  );

  it("never sends a prefix list's create twice when its answer is lost", async () => {
    const mcr = await new Client(emu).buyMcr();
    emu.faults.next({ kind: "dropAfter", method: "POST", path: "/prefixList" });
    const error = await McrPrefixFilterList.create(
      { mcrId: mcr, description: "once", addressFamily: "IPv4", entries: [{ action: "permit", prefix: "10.0.0.0/8" }] },
      { provider: provider() },
    ).catch((e: unknown) => e);
    expect(emu.state.prefixLists(mcr).filter((l) => l.description === "once")).toHaveLength(1);
    // The list has no creation time, so the one match is named rather than adopted.
    expect(error).toBeInstanceOf(OrderUncertainError);
    expect((error as OrderUncertainError).candidates).toHaveLength(1);
  });
});
