import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Port } from "netsvc";
import { postgresBackend, Stack, StackLockedError } from "netsvc/stack";
import { startNetsvcEmulator, type NetsvcEmulator } from "../emulators/netsvc/index.js";
import { startPostgres, type PostgresServer } from "../postgres/server.js";
import { emulatorProvider } from "./netsvcKit.js";

// Issue 12 §3: the PostgreSQL backend, against a real server the test starts.
let emu: NetsvcEmulator;
let server: PostgresServer;
let pool: pg.Pool;
beforeAll(async () => {
  [emu, server] = await Promise.all([startNetsvcEmulator({ clock: { speed: 1000 } }), startPostgres()]);
  pool = new pg.Pool({ connectionString: server.url, max: 8 });
});
afterAll(async () => {
  await pool?.end();
  await Promise.all([emu?.stop(), server?.stop()]);
});

const provider = () => emulatorProvider(emu);

function program(name: string, backend = postgresBackend(pool)): Stack {
  const stack = new Stack(name, { backend, providers: { netsvc: provider() }, kinds: [Port], passphrase: "team" });
  stack.resource(Port, "edge", {
    productName: `${name}-edge`,
    contractTermMonths: 12,
    locationId: 3,
    marketplaceVisibility: false,
    portSpeed: 10000,
  });
  return stack;
}

describe("a stack kept in PostgreSQL", () => {
  it("is applied, read back by a second run that changes nothing, and destroyed", async () => {
    expect((await program("pg-a").up()).failed).toEqual([]);
    const { rows } = await pool.query("select state from sdkgen_stacks where stack = $1", ["pg-a"]);
    expect(JSON.parse(rows[0].state as string).resources.edge.kind).toBe(Port.token);
    expect((await program("pg-a").preview()).steps.map((s) => s.operation)).toEqual(["unchanged"]);
    expect((await program("pg-a").destroy()).failed).toEqual([]);
    expect(await program("pg-a").resources()).toEqual({});
  });

  it("lets one of two concurrent runs apply; the other fails naming the holder, and nothing is ordered twice", async () => {
    const buys = () => emu.state.buyCount();
    const before = buys();
    const results = await Promise.allSettled([program("pg-b").up(), program("pg-b").up()]);
    const failures = results.flatMap((r) => (r.status === "rejected" ? [r.reason as unknown] : []));
    expect(failures).toHaveLength(1);
    expect(failures[0]).toBeInstanceOf(StackLockedError);
    expect(String(failures[0])).toMatch(/locked by pid \d+ on .* \(stack up pg-b\)/);
    expect(buys() - before).toBe(1);
    // Released at the end: the next run takes it.
    expect((await program("pg-b").preview()).steps.map((s) => s.operation)).toEqual(["unchanged"]);
    expect((await program("pg-b").up()).failed).toEqual([]);
  });

  it("names a holder that records itself a moment after taking the lock", async () => {
    await program("pg-d").resources(); // creates the table
    const client = await pool.connect();
    await client.query("select pg_advisory_lock(hashtextextended('sdkgen-stack:' || $1, 0))", ["pg-d"]);
    const holder = { pid: 4242, host: "ci-runner", since: "2026-11-25T00:00:00Z", command: "stack up pg-d" };
    setTimeout(() => {
      void pool.query("insert into sdkgen_stacks (stack, holder) values ($1, $2)", ["pg-d", JSON.stringify(holder)]);
    }, 150);
    try {
      await expect(program("pg-d").up()).rejects.toThrow(/locked by pid 4242 on ci-runner .*\(stack up pg-d\)/);
    } finally {
      client.release(true);
    }
  });

  it("releases the lock of a run whose connection died, with no one cleaning up", async () => {
    const client = await pool.connect();
    await client.query("select pg_advisory_lock(hashtextextended('sdkgen-stack:' || $1, 0))", ["pg-c"]);
    await expect(program("pg-c").up()).rejects.toBeInstanceOf(StackLockedError);
    client.release(true); // destroys the connection, as a killed run's would be
    await new Promise((r) => setTimeout(r, 100));
    expect((await program("pg-c").up()).failed).toEqual([]);
  });

  it("two first runs at once on a fresh database: the table is created once, and each run gets an answer (issue 39, 6)", async () => {
    // Fresh tables each round (the race is in `create table if not exists`): two backends, two pools.
    for (let round = 0; round < 5; round++) {
      const table = `fresh_${round}_${process.pid}`;
      const pools = [new pg.Pool({ connectionString: server.url }), new pg.Pool({ connectionString: server.url })];
      try {
        const results = await Promise.allSettled(
          pools.map((p, i) => program(`pg-fresh-${round}-${i}`, postgresBackend(p, { table })).preview()),
        );
        expect(results.map((r) => (r.status === "rejected" ? String(r.reason) : "ok"))).toEqual(["ok", "ok"]);
      } finally {
        await Promise.all(pools.map((p) => p.end()));
      }
    }
  });

  it("unlock names the live session's lock and refuses; once the session is gone, the recorded holder is cleared", async () => {
    await program("pg-e").resources();
    const client = await pool.connect();
    await client.query("select pg_advisory_lock(hashtextextended('sdkgen-stack:' || $1, 0))", ["pg-e"]);
    const holder = { pid: 77, host: "gone-runner", since: "2026-12-07T00:00:00Z", command: "stack up pg-e" };
    await pool.query("insert into sdkgen_stacks (stack, holder) values ($1, $2)", ["pg-e", JSON.stringify(holder)]);
    await expect(program("pg-e").unlock()).rejects.toThrow(
      /the lock is the advisory lock of stack "pg-e" in PostgreSQL table sdkgen_stacks\. Its session is still connected/,
    );
    client.release(true);
    await new Promise((r) => setTimeout(r, 100));
    await program("pg-e").unlock();
    const { rows } = await pool.query("select holder from sdkgen_stacks where stack = $1", ["pg-e"]);
    expect(rows[0].holder).toBeNull();
  });
});
