import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { getLocation, McrIpsecAddon, Port, type PortArgs, ServiceKey, ValidationError, Vxc } from "netsvc";
import {
  fileBackend,
  formatPlan,
  type Output,
  runStackCommand,
  Stack,
  StackLockedError,
  type StackOptions,
} from "netsvc/stack";
import { startNetsvcEmulator, type NetsvcEmulator } from "../emulators/netsvc/index.js";
import { Client, stopClean } from "../emulators/netsvc/testkit.js";
import { emulatorProvider } from "./netsvcKit.js";

// Issue 12: a declared stack, applied and run again, against the netsvc emulator.
let emu: NetsvcEmulator;
let dir: string;
beforeEach(async () => {
  emu = await startNetsvcEmulator({ clock: { speed: 1000 } });
  dir = mkdtempSync(join(tmpdir(), "sdkgen-stack-"));
});
afterEach(() => stopClean(emu));

const provider = () => emulatorProvider(emu);

const options = (): StackOptions => ({
  backend: fileBackend(dir),
  providers: { netsvc: provider() },
  kinds: [Port, ServiceKey],
  passphrase: "correct horse battery staple",
});

/** The port every test declares (or edits). */
const edgeArgs = {
  productName: "edge",
  contractTermMonths: 12,
  locationId: 3,
  marketplaceVisibility: false,
  portSpeed: 10000,
} as const;

/** The service key the tests declare on a port. */
const declareKey = (stack: Stack, productUid: Output<string>, description?: string) =>
  stack.resource(ServiceKey, "key", { productUid, maxSpeed: 100, singleUse: false, active: true, description });

/** The program: a port and a service key on it; `edit` changes what the next run declares. */
function program(edit: { portSpeed?: PortArgs["portSpeed"]; keyDescription?: string; withKey?: boolean } = {}): Stack {
  const stack = new Stack("dev", options());
  const edge = stack.resource(Port, "edge", { ...edgeArgs, portSpeed: edit.portSpeed ?? edgeArgs.portSpeed });
  if (edit.withKey !== false) declareKey(stack, edge.out.productUid, edit.keyDescription ?? "for partners");
  return stack;
}

const ports = () => emu.state.requests({ method: "POST", path: "/v4/networkdesign/buy" }).length;
const writes = () => emu.state.requests().filter((r) => r.method !== "GET" && !r.url.includes("/oauth2/token"));

describe("a stack", () => {
  it("is created in dependency order, and an unchanged rerun sends nothing but reads", async () => {
    const first = await program().up();
    expect(first.failed).toEqual([]);
    expect(first.plan.steps.map((s) => [s.name, s.operation])).toEqual([
      ["edge", "create"],
      ["key", "create"],
    ]);
    expect(ports()).toBe(1);

    emu.state.clearRequests();
    const again = await program().up();
    expect(again.failed).toEqual([]);
    expect(again.plan.steps.map((s) => s.operation)).toEqual(["unchanged", "unchanged"]);
    expect(writes()).toEqual([]);
  });

  it("plans a write-only input from what it applied: a partner config edited between runs is an update", async () => {
    const c = new Client(emu);
    const [mcr, portUid] = [await c.buyMcr(), await c.buyPort()];
    const declare = (peerAsn: number) => {
      const stack = new Stack("dev", { ...options(), kinds: [Vxc] });
      stack.resource(Vxc, "link", {
        productName: "link",
        contractTermMonths: 1,
        rateLimit: 500,
        aEnd: { productUid: mcr },
        bEnd: { productUid: portUid },
        aEndPartnerConfig: {
          partner: "vrouter",
          interfaces: [
            {
              ipAddresses: ["10.0.0.1/30"],
              bgpConnections: [{ peerAsn, localIpAddress: "10.0.0.1", peerIpAddress: "10.0.0.2" }],
            },
          ],
        },
      });
      return stack;
    };
    expect((await declare(65000).up()).failed).toEqual([]);
    expect((await declare(65000).preview()).steps.map((s) => s.operation)).toEqual(["unchanged"]);
    const edited = await declare(65001).preview();
    expect(edited.steps.map((s) => [s.name, s.operation])).toEqual([["link", "update"]]);
    expect(edited.steps[0]!.changes.map((ch) => ch.field)).toEqual(["aEndPartnerConfig"]);
    emu.state.clearRequests();
    expect((await declare(65001).up()).failed).toEqual([]);
    expect(emu.state.lastRequest({ method: "PUT", path: "/v3/product/vxc/" })!.body).toContain("65001");
  });

  it("seals secrets in its state: the service key (its own id) is never on disk in plain text", async () => {
    await program().up();
    const text = readFileSync(join(dir, "dev.json"), "utf8");
    const keys = emu.state.serviceKeys().map((k) => k.key);
    expect(keys).toHaveLength(1);
    const state = JSON.parse(text) as { resources: { key: { id: unknown } } };
    expect(state.resources.key.id).toHaveProperty("$secret");
    for (const key of keys) expect(text).not.toContain(key);
    // The wrong passphrase does not open it.
    await expect(new Stack("dev", { ...options(), passphrase: "wrong" }).preview()).rejects.toThrow(/does not open/);
  });

  it("previews an in-place change and a replacement that ripples to a dependent, then applies them", async () => {
    await program().up();
    const plan = await program({ portSpeed: 100000, keyDescription: "renamed" }).preview();
    expect(plan.steps.map((s) => [s.name, s.operation])).toEqual([
      ["edge", "replace"],
      ["key", "replace"],
    ]);
    const text = formatPlan(plan);
    expect(text).toContain("-/+ edge (netsvc:index/port:Port): replace");
    expect(text).toContain("portSpeed: 10000 → 100000 (replaces: The speed of a physical port is fixed");
    expect(text).toMatch(/productUid: "[0-9a-f-]+" → \(known after up\) \(replaces: A key cannot move/);

    const applied = await program({ portSpeed: 100000, keyDescription: "renamed" }).up();
    expect(applied.failed).toEqual([]);
    expect(ports()).toBe(2); // the replacement, made before the old port is cancelled
    const rerun = await program({ portSpeed: 100000, keyDescription: "renamed" }).preview();
    expect(rerun.steps.map((s) => s.operation)).toEqual(["unchanged", "unchanged"]);
  });

  it("deletes a resource whose declaration was removed, and destroys everything", async () => {
    await program().up();
    const removed = await program({ withKey: false }).up();
    expect(removed.plan.steps.map((s) => [s.name, s.operation])).toEqual([
      ["edge", "unchanged"],
      ["key", "delete"],
    ]);
    expect(removed.failed).toEqual([]);
    const destroyed = await program({ withKey: false }).destroy();
    expect(destroyed.plan.steps.map((s) => [s.name, s.operation])).toEqual([["edge", "delete"]]);
    expect(JSON.parse(readFileSync(join(dir, "dev.json"), "utf8")).resources).toEqual({});
  });

  it("adopts the object of a create an earlier run sent but never recorded, and orders nothing", async () => {
    const args = edgeArgs;
    const since = new Date(Date.now() - 1000).toISOString();
    const placed = await Port.create(args, { provider: provider() }); // the order that reached the service
    const pending = {
      kind: Port.token,
      inputs: args,
      outputs: {},
      dependencies: [],
      pending: { operation: "create", since },
    };
    const state = (resources: object) =>
      writeFileSync(
        join(dir, "dev.json"),
        JSON.stringify({ format: "sdkgen-stack", version: 1, stack: "dev", resources }),
      );
    state({ edge: pending });
    const result = await program({ withKey: false }).up();
    expect(result.failed).toEqual([]);
    expect(ports()).toBe(1);
    expect((await program({ withKey: false }).resources()).edge?.id).toBe(placed.productUid);

    // Two candidates: named, and nothing ordered.
    await Port.create(args, { provider: provider() });
    state({ edge: pending });
    const ambiguous = await program({ withKey: false }).up();
    expect(String(ambiguous.failed[0]?.error)).toMatch(
      /2 existing objects match it .*Adopt the right one with the `import` option; nothing was ordered/,
    );
    expect(ports()).toBe(2);
  });

  it("refuses to order again a create a stopped run sent moments ago, until the service has had time to list it", async () => {
    const since = new Date(Date.now() - 1000).toISOString();
    writeFileSync(
      join(dir, "dev.json"),
      JSON.stringify({
        format: "sdkgen-stack",
        version: 1,
        stack: "dev",
        resources: {
          edge: {
            kind: Port.token,
            inputs: edgeArgs,
            outputs: {},
            dependencies: [],
            pending: { operation: "create", since },
          },
        },
      }),
    );
    const refused = await program({ withKey: false }).up();
    expect(String(refused.failed[0]?.error)).toMatch(
      /"edge": an earlier run sent its create at .* no object matching it shows yet, and the service may still list it: run again after .*nothing was ordered/,
    );
    expect(ports()).toBe(0);

    const stack = new Stack("dev", { ...options(), orderSettleSeconds: 0 });
    stack.resource(Port, "edge", edgeArgs);
    expect((await stack.up()).failed).toEqual([]);
    expect(ports()).toBe(1);
  });

  it("forgets a create or replacement the service refused: the next run neither waits nor loses the object", async () => {
    const declare = (locationId: number) => {
      const stack = new Stack("dev", options());
      stack.resource(Port, "edge", { ...edgeArgs, locationId });
      return stack;
    };
    // The emulator has no location 1: the order is refused, and nothing was made.
    const refused = await declare(1).up();
    expect(String(refused.failed[0]?.error)).toMatch(/failed with 400/);
    const fixed = await declare(3).up();
    expect(fixed.failed).toEqual([]);
    expect(fixed.plan.steps.map((s) => s.operation)).toEqual(["create"]);
    const kept = (await declare(3).resources()).edge!.id;

    // A location change replaces the port, made first; the refused replacement leaves the port as it was.
    expect(String((await declare(1).up()).failed[0]?.error)).toMatch(/failed with 400/);
    const after = await declare(3).up();
    expect(after.failed).toEqual([]);
    expect(after.plan.steps.map((s) => s.operation)).toEqual(["unchanged"]);
    expect((await declare(3).resources()).edge!.id).toBe(kept);
    expect(emu.state.products().find((p) => p.productUid === kept)?.provisioningStatus).not.toMatch(
      /CANCELLED|DECOMMISSIONED/,
    );
    expect(ports()).toBe(1);
  });

  it("keeps a delete-first replacement's mark when its create is refused: the old object is gone, the next run makes one", async () => {
    const declare = (locationId: number) => {
      const stack = new Stack("dev", { ...options(), orderSettleSeconds: 0 });
      stack.resource(Port, "edge", { ...edgeArgs, locationId }, { deleteBeforeReplace: true });
      return stack;
    };
    expect((await declare(3).up()).failed).toEqual([]);
    const old = (await declare(3).resources()).edge!.id as string;
    expect(String((await declare(1).up()).failed[0]?.error)).toMatch(/failed with 400/);
    expect(emu.state.products().find((p) => p.productUid === old)?.provisioningStatus).toMatch(
      /CANCELLED|DECOMMISSIONED/,
    );
    const again = await declare(3).up();
    expect(again.failed).toEqual([]);
    const now = (await declare(3).resources()).edge!.id as string;
    expect(now).not.toBe(old);
    expect(emu.state.products().find((p) => p.productUid === now)?.provisioningStatus).not.toMatch(
      /CANCELLED|DECOMMISSIONED/,
    );
  });

  it("keeps the pending mark of a create whose failure came after its purchase: the next run finds it, buys nothing", async () => {
    const mcr = await new Client(emu).buyMcr();
    const declare = () => {
      const stack = new Stack("dev", { ...options(), kinds: [McrIpsecAddon], orderSettleSeconds: 0 });
      stack.resource(McrIpsecAddon, "ipsec", { mcrId: mcr, tunnelCount: 10 });
      return stack;
    };
    // The add-on is bought (POST), then reading the MCR back is refused: the purchase stands.
    emu.faults.next({ kind: "status", status: 403, method: "GET", path: `/v2/product/${mcr}`, skip: 1 });
    expect((await declare().up()).failed).toHaveLength(1);
    const addOns = () => emu.state.requests({ method: "POST", path: "/addon" }).length;
    expect(addOns()).toBe(1);
    // Found, not bought again: an add-on has no creation time to prove it is this run's, so it is named.
    const rerun = await declare().up();
    expect(String(rerun.failed[0]?.error)).toMatch(
      /1 existing objects match it .*Adopt the right one with the `import` option/,
    );
    expect(addOns()).toBe(1);
  });

  it("adopts the replacement a stopped run ordered first, and deletes the object it replaces", async () => {
    expect((await program({ withKey: false }).up()).failed).toEqual([]);
    const old = (await program({ withKey: false }).resources()).edge!.id as string;
    // As a run stopped after ordering the replacement and before its answer leaves the state.
    const placed = await Port.create({ ...edgeArgs, portSpeed: 100000 }, { provider: provider() });
    const state = JSON.parse(readFileSync(join(dir, "dev.json"), "utf8")) as {
      resources: Record<string, Record<string, unknown>>;
    };
    state.resources.edge!.deposed = [old];
    state.resources.edge!.pending = { operation: "replace", since: new Date(Date.now() - 1000).toISOString() };
    writeFileSync(join(dir, "dev.json"), JSON.stringify(state));

    const rerun = await program({ portSpeed: 100000, withKey: false }).up();
    expect(rerun.failed).toEqual([]);
    expect(ports()).toBe(2);
    expect((await program({ withKey: false }).resources()).edge!.id).toBe(placed.productUid);
    const status = (uid: string) => emu.state.products().find((p) => p.productUid === uid)?.provisioningStatus;
    expect(["CANCELLED", "DECOMMISSIONED"]).toContain(status(old));
    expect(status(placed.productUid)).not.toMatch(/CANCELLED|DECOMMISSIONED/);
  });

  it("adopts the replacement a stopped run ordered after deleting the object it replaces", async () => {
    const declare = (portSpeed: PortArgs["portSpeed"]) => {
      const stack = new Stack("dev", options());
      stack.resource(Port, "edge", { ...edgeArgs, portSpeed }, { deleteBeforeReplace: true });
      return stack;
    };
    expect((await declare(10000).up()).failed).toEqual([]);
    const old = (await declare(10000).resources()).edge!.id as string;
    await (await Port.get(old, { provider: provider() })).delete();
    const placed = await Port.create({ ...edgeArgs, portSpeed: 100000 }, { provider: provider() });
    const state = JSON.parse(readFileSync(join(dir, "dev.json"), "utf8")) as {
      resources: Record<string, Record<string, unknown>>;
    };
    state.resources.edge!.pending = { operation: "replace", since: new Date(Date.now() - 1000).toISOString() };
    writeFileSync(join(dir, "dev.json"), JSON.stringify(state));

    expect((await declare(100000).up()).failed).toEqual([]);
    expect(ports()).toBe(2);
    expect((await declare(100000).resources()).edge!.id).toBe(placed.productUid);
  });

  it("checks every declaration before sending anything: one invalid resource orders none", async () => {
    const stack = new Stack("dev", options());
    const good = stack.resource(Port, "good", edgeArgs);
    stack.resource(Port, "bad", { ...edgeArgs, productName: "bad", portSpeed: 25000 as PortArgs["portSpeed"] });
    // A reference known only once "good" is made is not checked; the key's own inputs are.
    stack.resource(ServiceKey, "key", {
      productUid: good.out.productUid,
      maxSpeed: "fast" as unknown as number,
      singleUse: false,
      active: true,
    });
    for (const attempt of [() => stack.preview(), () => stack.up()]) {
      const error = await attempt().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).issues.map((i) => i.message)).toEqual([
        expect.stringMatching(/^"bad": Port\.portSpeed must be one of 1000, 10000, 100000, 400000 \(got 25000\)/),
        expect.stringMatching(/^"key": ServiceKey\.maxSpeed must be/),
      ]);
    }
    expect(writes()).toEqual([]);
  });

  it("refuses, before ordering, a resource with secrets when no key could seal them in the state", async () => {
    const passphrase = process.env.SDKGEN_STACK_PASSPHRASE;
    delete process.env.SDKGEN_STACK_PASSPHRASE;
    try {
      const stack = new Stack("dev", { ...options(), passphrase: undefined });
      const edge = stack.resource(Port, "edge", edgeArgs);
      declareKey(stack, edge.out.productUid);
      const error = await stack.up().catch((e: unknown) => e);
      expect(String(error)).toMatch(
        /"key" \(netsvc:index\/serviceKey:ServiceKey\) has secrets, and no key seals them in the state: set SDKGEN_STACK_PASSPHRASE/,
      );
      expect(writes()).toEqual([]);
      // Without the key, a stack of kinds with no secret applies.
      const plain = new Stack("dev", { ...options(), passphrase: undefined });
      plain.resource(Port, "edge", edgeArgs);
      expect((await plain.up()).failed).toEqual([]);
    } finally {
      if (passphrase !== undefined) process.env.SDKGEN_STACK_PASSPHRASE = passphrase;
    }
  });

  it("names the file and the resource of a state whose records are not what it holds", async () => {
    const cases: [string, (r: Record<string, unknown>) => void, RegExp][] = [
      ["resources null", (f) => (f.resources = null), /"resources" must be an object of records/],
      ["a null record", (f) => ((f.resources as Record<string, unknown>).edge = null), /"edge": must be an object/],
      [
        "no kind",
        (f) => delete (f.resources as Record<string, Record<string, unknown>>).edge!.kind,
        /"edge": "kind" must be a token/,
      ],
      [
        "a numeric id",
        (f) => ((f.resources as Record<string, Record<string, unknown>>).edge!.id = 42),
        /"edge": "id" must be a string or a sealed secret/,
      ],
      [
        "a bad pending",
        (f) => ((f.resources as Record<string, Record<string, unknown>>).edge!.pending = { operation: "explode" }),
        /"edge": "pending" must be/,
      ],
    ];
    expect((await program({ withKey: false }).up()).failed).toEqual([]);
    const good = readFileSync(join(dir, "dev.json"), "utf8");
    for (const [what, edit, message] of cases) {
      const file = JSON.parse(good) as Record<string, unknown>;
      edit(file);
      writeFileSync(join(dir, "dev.json"), JSON.stringify(file));
      const error = await program({ withKey: false })
        .preview()
        .catch((e: unknown) => e);
      expect(String(error), what).toMatch(
        new RegExp(
          `the stack state in file ${join(dir, "dev.json")} is not a valid sdkgen-stack file`.replace(/[/.]/g, "\\$&"),
        ),
      );
      expect(String(error), what).toMatch(message);
    }
  });

  it("is its own command line: preview exit codes, asking before applying, progress, refresh with drift", async () => {
    const io = () => {
      const out: string[] = [];
      const err: string[] = [];
      return {
        out,
        err,
        io: {
          out: { write: (t: string) => out.push(t) },
          err: { write: (t: string) => err.push(t) },
          confirm: async () => false,
        },
      };
    };
    let c = io();
    expect(await runStackCommand(program(), ["preview"], c.io)).toBe(2);
    expect(c.out.join("")).toContain("  + edge (netsvc:index/port:Port): create");
    c = io();
    expect(await runStackCommand(program(), ["preview", "--json"], c.io)).toBe(2);
    const json = JSON.parse(c.out.join("")) as { stack: string; steps: { name: string }[]; summary: object };
    expect(json.stack).toBe("dev");
    expect(json.steps.map((s) => s.name)).toEqual(["edge", "key"]);
    expect(json.summary).toEqual({ create: 2, import: 0, update: 0, replace: 0, delete: 0, unchanged: 0, pending: 0 });
    c = io();
    expect(await runStackCommand(program(), ["up"], c.io)).toBe(1); // asked, answered no
    expect(c.err.join("")).toContain("not applied");
    expect(ports()).toBe(0);
    c = io();
    expect(await runStackCommand(program(), ["up", "--yes"], c.io)).toBe(0);
    expect(c.out.join("")).toMatch(/edge: create done \d+\.\d s/);
    expect(c.out.join("")).toMatch(
      /2 created, 0 imported, 0 updated, 0 replaced, 0 deleted, 0 unchanged\nup took \d+\.\d s\n$/,
    );
    c = io();
    expect(await runStackCommand(program(), ["preview"], c.io)).toBe(0);
    expect(c.out.join("")).toContain("0 to create, 0 to import, 0 to update, 0 to replace, 0 to delete, 2 unchanged");

    const uid = (await program().resources()).edge!.id as string;
    emu.state.record(uid)!.name = "renamed outside";
    c = io();
    expect(await runStackCommand(program(), ["refresh"], c.io)).toBe(0);
    expect(c.out.join("")).toContain(
      '~ edge (netsvc:index/port:Port): drifted\n      productName: "edge" → "renamed outside"',
    );

    c = io();
    expect(await runStackCommand(program(), ["upp"], c.io)).toBe(1);
    expect(c.err.join("")).toMatch(/unknown command "upp" \(did you mean "up"\?\)\nusage: \S+ <command> \[options\]/);
    c = io();
    expect(await runStackCommand(program(), ["destroy", "--yes"], c.io)).toBe(0);
    expect(Object.keys(await program().resources())).toEqual([]);
  });

  it("honours protect, retainOnDelete, ignoreChanges and import", async () => {
    const args = edgeArgs;
    const existing = await Port.create({ ...args, productName: "adopted" }, { provider: provider() });
    const stackWith = (
      opts: { protect?: boolean; retain?: boolean; ignore?: boolean },
      edit: Partial<PortArgs> = {},
    ) => {
      const stack = new Stack("dev", options());
      stack.resource(
        Port,
        "edge",
        { ...args, ...edit },
        {
          protect: opts.protect,
          retainOnDelete: opts.retain,
          ignoreChanges: opts.ignore ? ["productName"] : [],
        },
      );
      stack.resource(Port, "adopted", { ...args, productName: "adopted" }, { import: existing.productUid });
      return stack;
    };
    const first = await stackWith({ protect: true }).up();
    expect(first.plan.steps.map((s) => [s.name, s.operation])).toEqual([
      ["edge", "create"],
      ["adopted", "import"],
    ]);
    expect(ports()).toBe(2); // the adopted port was not ordered again
    // An ignored change plans nothing; a protected resource is not deleted.
    expect(
      (await stackWith({ protect: true, ignore: true }, { productName: "other" }).preview()).steps.map(
        (s) => s.operation,
      ),
    ).toEqual(["unchanged", "unchanged"]);
    const refused = await stackWith({ protect: true }).destroy();
    expect(refused.failed.map((f) => [f.name, String(f.error)])).toEqual([
      ["edge", expect.stringContaining('"edge" is protected')],
    ]);
    // Unprotected and retained: forgotten, left on the service.
    await stackWith({ retain: true }).up();
    const edge = (await stackWith({ retain: true }).resources()).edge!.id as string;
    expect((await stackWith({ retain: true }).destroy()).failed).toEqual([]);
    expect(await stackWith({ retain: true }).resources()).toEqual({});
    expect(emu.state.statusOf(edge)).not.toMatch(/CANCEL|DECOMMISSION/);
    expect(emu.state.statusOf(existing.productUid)).toMatch(/CANCEL|DECOMMISSION/);
  });

  it("reads a declared lookup before planning, and passes its result to a resource's input", async () => {
    const withLookup = () => {
      const stack = new Stack("dev", options());
      const sy1 = stack.lookup(getLocation, "sy1", { name: "Equinix SY1" });
      stack.resource(Port, "edge", {
        ...edgeArgs,
        locationId: sy1.out.id, // Output<number>, where a number is expected
      });
      return stack;
    };
    expect((await withLookup().up()).failed).toEqual([]);
    const uid = (await withLookup().resources()).edge!.id as string;
    expect(emu.state.product(uid)?.locationId).toBe(3);
    expect(Object.keys(await withLookup().resources())).toEqual(["edge"]); // a lookup is read, not recorded
    expect((await withLookup().preview()).steps.map((s) => s.operation)).toEqual(["unchanged"]);
  });

  it("exports its state and imports it into another stack, refusing a state its key does not open", async () => {
    await program().up();
    const out: string[] = [];
    const err: string[] = [];
    const io = { out: { write: (t: string) => out.push(t) }, err: { write: (t: string) => err.push(t) } };
    expect(await runStackCommand(program(), ["export"], io)).toBe(0);
    expect(err.join("")).toBe(`stack dev · state: file ${join(dir, "dev.json")}\n`); // stdout is the state alone
    const exported = join(dir, "exported.json");
    writeFileSync(exported, out.join(""));
    expect(out.join("")).toContain('"$secret"'); // still sealed

    const copy = () => {
      const stack = new Stack("copy", options());
      const edge = stack.resource(Port, "edge", edgeArgs);
      declareKey(stack, edge.out.productUid, "for partners");
      return stack;
    };
    expect(await runStackCommand(copy(), ["import", exported], io)).toBe(0);
    expect((await copy().preview()).steps.map((s) => s.operation)).toEqual(["unchanged", "unchanged"]);

    const stranger = new Stack("stranger", { ...options(), passphrase: "another" });
    await expect(stranger.importState(readFileSync(exported, "utf8"))).rejects.toThrow(/does not open/);
    expect(await stranger.resources()).toEqual({});
  });

  it("refuses to run while another live run holds its lock, naming the holder", async () => {
    writeFileSync(
      join(dir, "dev.lock"),
      JSON.stringify({ pid: process.pid, host: hostname(), since: "2026-11-25T00:00:00Z", command: "stack up dev" }),
    );
    const error = await program()
      .up()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StackLockedError);
    expect(String(error)).toContain(`locked by pid ${process.pid}`);
    expect(ports()).toBe(0);
    // A lock left by a process that is gone is stale, and taken over.
    writeFileSync(
      join(dir, "dev.lock"),
      JSON.stringify({ pid: 2 ** 22 + 1, host: hostname(), since: "2026-11-25T00:00:00Z", command: "stack up dev" }),
    );
    expect((await program().up()).failed).toEqual([]);
  });

  it("adopts a create a killed run sent, never an object another of its resources holds", async () => {
    const args = edgeArgs;
    const twins = () => {
      const stack = new Stack("dev", options());
      stack.resource(Port, "a", { ...args, productName: "twin" });
      stack.resource(Port, "b", { ...args, productName: "twin" });
      return stack;
    };
    expect((await twins().up()).failed).toEqual([]);
    const ids = await twins().resources();
    // As a run killed after b's order was sent and before its answer leaves it: no id, a pending create.
    const state = JSON.parse(await twins().exportState()) as { resources: Record<string, Record<string, unknown>> };
    delete state.resources.b!.id;
    state.resources.b!.pending = { operation: "create", since: "2000-01-01T00:00:00.000Z" };
    await twins().importState(JSON.stringify(state));

    expect((await twins().up()).failed).toEqual([]);
    expect(ports()).toBe(2);
    const after = await twins().resources();
    expect(after.a!.id).toBe(ids.a!.id);
    expect(after.b!.id).toBe(ids.b!.id);
  });

  it("never takes over a lock whose holder it cannot read (it may be being written)", async () => {
    writeFileSync(join(dir, "dev.lock"), "");
    await expect(program().up()).rejects.toThrow(/dev\.lock, which names no holder; if no run is going on, remove it/);
    expect(ports()).toBe(0);
  });

  it("lets one of two runs started together apply; the other is refused and nothing is ordered twice", async () => {
    const results = await Promise.allSettled([program().up(), program().up()]);
    const failures = results.flatMap((r) => (r.status === "rejected" ? [r.reason as unknown] : []));
    expect(failures).toHaveLength(1);
    expect(String(failures[0])).toMatch(/locked by pid \d+ on .* \(stack up dev\)/);
    expect(ports()).toBe(1);
  });
});
