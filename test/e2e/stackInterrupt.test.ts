import { spawn } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { startNetsvcEmulator, type NetsvcEmulator } from "../emulators/netsvc/index.js";
import { stopClean } from "../emulators/netsvc/testkit.js";

// Issue 39 finding 10: Ctrl-C during `up` stops it cleanly: nothing new starts, what was in flight is
// recorded, the lock is released, and the next preview shows the pending work it will finish.
const CHILD = resolve(import.meta.dirname, "stackInterruptChild.mjs");
const REPO = resolve(import.meta.dirname, "../..");

let emu: NetsvcEmulator;
let dir: string;
beforeEach(async () => {
  // Real time: the port takes its time to provision, so the run is still waiting for it when stopped.
  emu = await startNetsvcEmulator({ clock: { speed: 1 } });
  dir = mkdtempSync(join(tmpdir(), "sdkgen-interrupt-"));
});
afterEach(() => stopClean(emu));

/** Runs the program with `args`; with `interruptOn`, sends SIGINT once its output shows that text. */
function run(args: string[], interruptOn?: RegExp): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, [CHILD, ...args], {
    cwd: REPO,
    env: {
      ...process.env,
      EMU_URL: emu.url,
      EMU_ACCESS_KEY: emu.credentials.accessKey,
      EMU_SECRET_KEY: emu.credentials.secretKey,
      STATE_DIR: dir,
    },
  });
  let out = "";
  let err = "";
  let sent = false;
  child.stdout.on("data", (d: Buffer) => {
    out += d.toString();
    if (interruptOn && !sent && interruptOn.test(out)) {
      sent = true;
      child.kill("SIGINT");
    }
  });
  child.stderr.on("data", (d: Buffer) => (err += d.toString()));
  return new Promise((done) => child.on("exit", (code) => done({ code, out, err })));
}

it("Ctrl-C during up: exit 130, in-flight work recorded, lock released, the next preview shows it pending", async () => {
  const up = await run(["up", "--yes"], /edge: create (DEPLOYABLE|CONFIGURED|start)/);
  expect(up.code).toBe(130);
  expect(up.err).toContain("stopping: no new operation starts");
  expect(up.err).toContain("key: not started: the run was interrupted");
  expect(up.err).toContain("the next up finishes it");
  expect(existsSync(join(dir, "dev.lock"))).toBe(false);

  const preview = await run(["preview"]);
  expect(preview.code).toBe(2);
  expect(preview.out).toMatch(/pending: a create sent at \S+ by a run that was stopped/);
  expect(preview.out).toContain("+ key (netsvc:index/serviceKey:ServiceKey): create");

  const again = await run(["up", "--yes"]);
  expect(again.code).toBe(0);
  expect(emu.state.requests({ method: "POST", path: "/v4/networkdesign/buy" })).toHaveLength(1);
});
