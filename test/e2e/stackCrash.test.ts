import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Port, ServiceKey } from "netsvc";
import pg from "pg";
import { fileBackend, postgresBackend, Stack, type StateBackend } from "netsvc/stack";
import { startNetsvcEmulator, type NetsvcEmulator } from "../emulators/netsvc/index.js";
import { startPostgres, type PostgresServer } from "../postgres/server.js";

// Issue 12 §3: `up` killed with SIGKILL at random moments, many times; the next `up` finishes the
// work without ordering anything twice and without leaving an object the state does not know.
const CHILD = resolve(import.meta.dirname, "stackCrashChild.mjs");
const REPO = resolve(import.meta.dirname, "../..");
const COUNT = 4;
const KILLS = 14;

let emu: NetsvcEmulator;
let dir: string;
let server: PostgresServer;
beforeAll(async () => {
  [emu, server] = await Promise.all([startNetsvcEmulator({ clock: { speed: 1000 } }), startPostgres()]);
});
afterAll(async () => {
  await Promise.all([emu?.stop(), server?.stop()]);
});

/** Runs the program against a backend; with `killAfterMs`, SIGKILLs it then. Resolves to its report, or "killed". */
function run(backend: "file" | "postgres", killAfterMs?: number): Promise<string> {
  const child = spawn(process.execPath, [CHILD], {
    cwd: REPO,
    env: {
      ...process.env,
      EMU_URL: emu.url,
      EMU_ACCESS_KEY: emu.credentials.accessKey,
      EMU_SECRET_KEY: emu.credentials.secretKey,
      STATE_DIR: dir,
      PREFIX: backend,
      ...(backend === "postgres" ? { PG_URL: server.url } : {}),
      COUNT: String(COUNT),
    },
  });
  let out = "";
  let err = "";
  child.stdout.on("data", (b: Buffer) => (out += b.toString()));
  child.stderr.on("data", (b: Buffer) => (err += b.toString()));
  const timer = killAfterMs === undefined ? undefined : setTimeout(() => child.kill("SIGKILL"), killAfterMs);
  return new Promise((done) =>
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      done(signal === "SIGKILL" ? "killed" : code === 0 ? out : `exit ${code}: ${err}`);
    }),
  );
}

/** A fixed-seed generator (mulberry32), so a failing run can be replayed. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe.each(["file", "postgres"] as const)("a stack killed mid-up, its state in %s", (backend) => {
  it(`orders nothing twice and leaves nothing unknown (${KILLS} runs, each SIGKILLed at a random moment unless done first; seed 12)`, async () => {
    dir = mkdtempSync(join(tmpdir(), "sdkgen-crash-"));
    const before = emu.state.buyCount();
    const next = random(12);
    const outcomes: string[] = [];
    for (let i = 0; i < KILLS; i++) outcomes.push(await run(backend, 150 + Math.floor(next() * 900)));
    expect(await run(backend)).toBe("[]");

    const active = (x: Record<string, unknown>) =>
      !["CANCELLED", "DECOMMISSIONED", "CANCELLED_PARENT", "DECOMMISSIONING"].includes(String(x.provisioningStatus));
    const pool = new pg.Pool({ connectionString: server.url });
    const stateBackend: StateBackend = backend === "postgres" ? postgresBackend(pool) : fileBackend(dir);
    const state = await new Stack("crash", {
      backend: stateBackend,
      kinds: [Port, ServiceKey],
      passphrase: "crash test",
    }).resources();
    await pool.end();
    const known = new Set(Object.values(state).map((r) => (typeof r.id === "string" ? r.id : String(r.id?.reveal()))));
    // This backend's objects: both runs share one emulator, and each names its objects after its backend.
    const ports = emu.state
      .products()
      .filter((x) => x.productType === "MEGAPORT" && active(x) && String(x.productName).startsWith(`${backend}-`));
    const keys = emu.state.serviceKeys().filter((k) => k.active && String(k.description).startsWith(`${backend}-`));

    const names = ports.map((p) => String(p.productName));
    const duplicates =
      names.length - new Set(names).size + (keys.length - new Set(keys.map((k) => k.description)).size);
    const orphans = [...ports.map((p) => String(p.productUid)), ...keys.map((k) => k.key)].filter(
      (id) => !known.has(id),
    );
    console.log(
      `crash test (${backend}): ${outcomes.filter((o) => o === "killed").length} kills, ${emu.state.buyCount() - before} port orders for ${COUNT} ports, duplicates ${duplicates}, orphans ${orphans.length}`,
    );
    expect(ports).toHaveLength(COUNT);
    expect(keys).toHaveLength(COUNT);
    expect(duplicates).toBe(0);
    expect(orphans).toEqual([]);
  }, 120_000);
});
