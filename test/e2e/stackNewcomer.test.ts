import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { inspect } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { getLocation, Port, ServiceKey, Vxc } from "netsvc";
import {
  concat,
  defaultStateDir,
  fileBackend,
  interpolate,
  runStackCommand,
  Stack,
  StackError,
  StackLockedError,
  type StackOptions,
} from "netsvc/stack";
import { STACK_REPORT_SHAPE } from "../../generator/docs/pages.js";
import { startNetsvcEmulator, type NetsvcEmulator } from "../emulators/netsvc/index.js";
import { Client, stopClean } from "../emulators/netsvc/testkit.js";
import { emulatorProvider } from "./netsvcKit.js";

// Issue 39: the stack path as a newcomer meets it. Each test names the finding it holds.
let emu: NetsvcEmulator;
let dir: string;
beforeEach(async () => {
  emu = await startNetsvcEmulator({ clock: { speed: 1000 } });
  dir = mkdtempSync(join(tmpdir(), "sdkgen-newcomer-"));
});
afterEach(() => stopClean(emu));

const options = (): StackOptions => ({
  backend: fileBackend(dir),
  providers: { netsvc: emulatorProvider(emu) },
  kinds: [Port, ServiceKey],
  passphrase: "correct horse battery staple",
});

const portArgs = (productName = "edge") =>
  ({ productName, contractTermMonths: 12, locationId: 3, marketplaceVisibility: false, portSpeed: 10000 }) as const;

const ports = () => emu.state.requests({ method: "POST", path: "/v4/networkdesign/buy" }).length;

/** A command run with its output kept: `out`, `err`, and the exit code. */
async function command(stack: Stack, ...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runStackCommand(stack, argv, {
    out: { write: (t: string) => out.push(t) },
    err: { write: (t: string) => err.push(t) },
    confirm: async () => false,
    program: "infra.ts",
  });
  return { code, out: out.join(""), err: err.join("") };
}

describe("the state belongs to the program (finding 2)", () => {
  it("is found from the program's project, not the shell's folder, and every command says where", async () => {
    const project = mkdtempSync(join(tmpdir(), "sdkgen-project-"));
    writeFileSync(join(project, "package.json"), "{}");
    mkdirSync(join(project, "build"));
    const entry = join(project, "build", "infra.js");
    const elsewhere = process.cwd() === project ? tmpdir() : process.cwd();
    expect(defaultStateDir({}, entry)).toBe(join(project, ".sdkgen", "stacks"));
    expect(process.cwd()).toBe(elsewhere); // whatever the shell's folder
    expect(defaultStateDir({ SDKGEN_STACK_DIR: "/srv/state" }, entry)).toBe("/srv/state");

    const { out } = await command(new Stack("dev", options()), "preview");
    expect(out.split("\n")[0]).toBe(`stack dev · state: file ${join(dir, "dev.json")}`);
  });

  it("says so when a new state meets objects of the same kind and name, and up orders no second copy", async () => {
    const declare = () => {
      const stack = new Stack("dev", options());
      stack.resource(Port, "edge", portArgs());
      return stack;
    };
    await new Client(emu).buyPort({ productName: "edge" });
    const before = ports();
    const preview = await command(declare(), "preview");
    expect(preview.code).toBe(2);
    expect(preview.out).toMatch(/already exists: \S+ match its inputs and no state records them/);
    const up = await command(declare(), "up", "--yes");
    expect(up.code).toBe(1);
    expect(up.err).toMatch(/"edge" \(netsvc:index\/port:Port\) already exists as \S+, which no state records/);
    expect(ports()).toBe(before);
    expect((await command(declare(), "up", "--yes", "--allow-duplicates")).code).toBe(0);
    expect(ports()).toBe(before + 1);
  });
});

describe("up finishes what the state holds (finding 3)", () => {
  it("deletes a replaced object a killed run left, though no input changed; preview counts it", async () => {
    const declare = () => {
      const stack = new Stack("dev", options());
      stack.resource(Port, "edge", portArgs());
      return stack;
    };
    expect((await declare().up()).failed).toEqual([]);
    // As a run killed between a replacement's create and the old object's delete leaves it.
    const old = await new Client(emu).buyPort({ productName: "old edge" });
    const file = join(dir, "dev.json");
    const state = JSON.parse(readFileSync(file, "utf8")) as { resources: { edge: { deposed?: string[] } } };
    state.resources.edge.deposed = [old];
    writeFileSync(file, JSON.stringify(state));

    const preview = await command(declare(), "preview");
    expect(preview.code).toBe(2);
    expect(preview.out).toContain(`pending: replaced object ${old} still to delete`);
    expect(preview.out).toContain("1 with pending work");
    const up = await command(declare(), "up", "--yes");
    expect(up.code).toBe(0);
    expect(emu.state.product(old)?.provisioningStatus).toMatch(/CANCELLED|DECOMMISSIONED/);
    expect((await command(declare(), "preview")).code).toBe(0);
  });

  it("records protect removed, and destroy deletes what is no longer declared protected", async () => {
    const declare = (protect: boolean) => {
      const stack = new Stack("dev", options());
      stack.resource(Port, "edge", portArgs(), { protect });
      return stack;
    };
    expect((await declare(true).up()).failed).toEqual([]);
    const refused = await command(declare(true), "destroy", "--yes");
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('"edge" is protected: remove `protect` from its declaration to delete it');
    // As the message says: the declaration without protect is enough, with or without an up.
    expect((await command(declare(false), "preview")).out).toContain("pending: protect: true → false, to record");
    expect((await command(declare(false), "destroy", "--yes")).code).toBe(0);
    expect(await declare(false).resources()).toEqual({});
  });
});

describe("values, not serializations (finding 4)", () => {
  it("refresh straight after up reports no drift on a VXC's ends", async () => {
    const c = new Client(emu);
    const [a, b] = [await c.buyPort(), await c.buyPort()];
    const declare = () => {
      const stack = new Stack("dev", { ...options(), kinds: [Vxc] });
      stack.resource(Vxc, "link", {
        productName: "link",
        contractTermMonths: 1,
        rateLimit: 500,
        aEnd: { productUid: a, vlan: 100 },
        bEnd: { productUid: b, vlan: 200 },
      });
      return stack;
    };
    expect((await declare().up()).failed).toEqual([]);
    const refresh = await command(declare(), "refresh");
    expect(refresh.out).toContain("no drift");
    // A real change outside the stack is named at its path, on one short line.
    const vxc = (await declare().resources()).link!.id as string;
    (emu.state.record(vxc) as unknown as { aEnd: { vlan: number } }).aEnd.vlan = 101;
    const drifted = await command(declare(), "refresh");
    expect(drifted.out).toContain("      aEnd.vlan: 100 → 101\n");
  });
});

describe("outputs in strings (finding 5)", () => {
  it("a reference used as text throws at once, naming it and the fix", () => {
    const stack = new Stack("dev", options());
    const mcr = stack.resource(Port, "mcr", portArgs("mcr"));
    expect(() => `port-for-${String(mcr.out.productName)}`).toThrow(
      /mcr\.productName is an Output: its value is known only once the stack is applied.*interpolate`…\$\{mcr\.productName\}…`/s,
    );
    expect(() => JSON.stringify({ name: mcr.out.productName })).toThrow(/mcr\.productName is an Output/);
    expect(inspect(mcr.out.productName)).toBe("Output(mcr.productName)");
  });

  it("interpolate and concat build inputs from outputs, known after up", async () => {
    const declare = () => {
      const stack = new Stack("dev", options());
      const first = stack.resource(Port, "first", portArgs("first"));
      stack.resource(Port, "second", { ...portArgs(), productName: interpolate`port-for-${first.out.productName}` });
      stack.resource(Port, "third", { ...portArgs(), productName: concat(first.out.productName, "-", 3) });
      return stack;
    };
    const preview = await declare().preview();
    expect(preview.steps.map((s) => s.operation)).toEqual(["create", "create", "create"]);
    expect((await declare().up()).failed).toEqual([]);
    const names = Object.values(await declare().resources()).map((r) => r.outputs.productName);
    expect(names.sort()).toEqual(["first", "first-3", "port-for-first"]);
    expect((await declare().preview()).steps.map((s) => s.operation)).toEqual(["unchanged", "unchanged", "unchanged"]);
  });
});

describe("every mistake is a message, found by preview (findings 7, 8, 9)", () => {
  it("a name declared twice, a misspelt provider key and an unknown option: exit 1, a message, nothing sent", async () => {
    const stack = new Stack("dev", {
      ...options(),
      providers: { netsvcc: emulatorProvider(emu) } as never,
      parallelizm: 2,
    } as StackOptions);
    stack.resource(Port, "edge", portArgs());
    stack.resource(Port, "edge", portArgs("again"));
    const before = emu.state.requests().length;
    const { code, err, out } = await command(stack, "preview");
    expect(code).toBe(1);
    expect(err).toContain('"edge" is declared twice: give each resource and lookup its own name');
    expect(err).toContain('providers.netsvcc is the provider of no kind the stack declares (did you mean "netsvc"?)');
    expect(err).toContain('"parallelizm" is not a stack option (did you mean "parallelism"?)');
    expect(err).not.toMatch(/\n\s+at /); // no stack trace
    expect(out).not.toContain("to create");
    expect(emu.state.requests().length).toBe(before);
    await expect(stack.up()).rejects.toBeInstanceOf(StackError);
  });

  it("an unknown kind and a reference to nothing declared are named too", async () => {
    const stack = new Stack("dev", options());
    stack.resource(getLocation as never, "where", {});
    const a = stack.resource(Port, "a", {
      ...portArgs("a"),
      productName: stack.resource(Port, "b", portArgs("b")).out.productName,
    });
    void a;
    const ghost = new Stack("other").resource(Port, "ghost", portArgs("ghost"));
    stack.resource(Port, "c", { ...portArgs(), productName: ghost.out.productName });
    const { code, err } = await command(stack, "preview");
    expect(code).toBe(1);
    expect(err).toContain(
      '"where" is declared with `getLocation` that is not a resource kind: pass a resource class such as `Port`',
    );
    expect(err).toContain('stack resource "c" refers to "ghost", which the program does not declare');
    expect(err).not.toMatch(/\n\s+at /);
  });

  it("preview reports the missing passphrase that up would refuse", async () => {
    const stack = new Stack("dev", { ...options(), passphrase: undefined });
    const port = stack.resource(Port, "edge", portArgs());
    stack.resource(ServiceKey, "key", {
      productUid: port.out.productUid,
      maxSpeed: 100,
      singleUse: false,
      active: true,
    });
    const saved = process.env.SDKGEN_STACK_PASSPHRASE;
    delete process.env.SDKGEN_STACK_PASSPHRASE;
    try {
      const { code, err } = await command(stack, "preview");
      expect(code).toBe(1);
      expect(err).toContain("set SDKGEN_STACK_PASSPHRASE");
    } finally {
      if (saved !== undefined) process.env.SDKGEN_STACK_PASSPHRASE = saved;
    }
  });
});

describe("locks (finding 11)", () => {
  it("a held lock names its file and unlock; destroy refuses before printing a plan; unlock refuses a live holder", async () => {
    const stack = () => {
      const s = new Stack("dev", options());
      s.resource(Port, "edge", portArgs());
      return s;
    };
    expect((await stack().up()).failed).toEqual([]);
    const lock = join(dir, "dev.lock");
    writeFileSync(
      lock,
      JSON.stringify({ pid: process.pid, host: hostname(), since: "2026-12-07T00:00:00Z", command: "stack up dev" }),
    );
    const destroy = await command(stack(), "destroy", "--yes");
    expect(destroy.code).toBe(1);
    expect(destroy.err).toContain(`the lock is file ${lock}`);
    expect(destroy.err).toContain("`unlock` command");
    expect(destroy.out).not.toContain("to delete");
    const unlock = await command(stack(), "unlock");
    expect(unlock.code).toBe(1);
    expect(unlock.err).toContain("Its process is still running");
    await expect(stack().unlock()).rejects.toBeInstanceOf(StackLockedError);
    // A holder that is gone: unlock releases it.
    writeFileSync(
      lock,
      JSON.stringify({ pid: 2 ** 22 + 1, host: hostname(), since: "2026-12-07T00:00:00Z", command: "stack up dev" }),
    );
    expect((await command(stack(), "unlock")).code).toBe(0);
    expect((await command(stack(), "preview")).code).toBe(0);
  });
});

describe("the command line (finding 12)", () => {
  const declare = () => {
    const stack = new Stack("dev", options());
    const edge = stack.resource(Port, "edge", portArgs());
    const key = stack.resource(ServiceKey, "key", {
      productUid: edge.out.productUid,
      maxSpeed: 100,
      singleUse: false,
      active: true,
    });
    stack.resource(Port, "spare", portArgs("spare"));
    stack.output("portName", edge.out.productName);
    stack.output("serviceKey", key.id);
    return stack;
  };

  it("names the program in its usage, and suggests for a misspelt option", async () => {
    const { code, err } = await command(declare(), "up", "--yse");
    expect(code).toBe(1);
    expect(err).toContain('(did you mean "--yes"?)');
    expect(err).toContain("usage: infra.ts <command> [options]");
  });

  it("--target limits up to a resource and what it depends on", async () => {
    const { code } = await command(declare(), "up", "--yes", "--target", "key");
    expect(code).toBe(0);
    expect(Object.keys(await declare().resources()).sort()).toEqual(["edge", "key"]);
  });

  it("up, refresh and destroy speak one JSON shape, end with a summary, and outputs are printed", async () => {
    const up = await command(declare(), "up", "--yes", "--json");
    expect(up.code).toBe(0);
    const report = JSON.parse(up.out) as Record<string, unknown>;
    // The shape the docs' Stacks page shows, less `error` (a failed command's).
    const documented = [...STACK_REPORT_SHAPE.matchAll(/^  (\w+)\??:/gm)]
      .map((m) => m[1]!)
      .filter((k) => k !== "error");
    expect(Object.keys(report).sort()).toEqual(documented.sort());
    expect(report).toMatchObject({
      command: "up",
      applied: true,
      failed: [],
      outputs: { portName: "edge", serviceKey: "[secret]" },
    });
    expect((report.summary as Record<string, number>).create).toBe(3);

    const again = await command(declare(), "up", "--yes");
    expect(again.out).toMatch(
      /0 to create, 0 to import, 0 to update, 0 to replace, 0 to delete, 3 unchanged\nno changes\nup took \d+\.\d s\n$/,
    );

    const refresh = JSON.parse((await command(declare(), "refresh", "--json")).out) as Record<string, unknown>;
    expect(refresh).toMatchObject({ command: "refresh", drift: [], steps: [] });

    const outputs = await command(declare(), "outputs");
    expect(outputs.out).toContain("  portName: edge\n  serviceKey: [secret]\n");
    const shown = JSON.parse((await command(declare(), "outputs", "--json", "--show-secrets")).out) as {
      outputs: { serviceKey: string };
    };
    expect(shown.outputs.serviceKey).toMatch(/^[0-9a-f-]{36}$/);

    const destroy = JSON.parse((await command(declare(), "destroy", "--yes", "--json")).out) as Record<string, unknown>;
    expect(destroy).toMatchObject({ command: "destroy", applied: true, summary: { delete: 3 } });
  });
});
