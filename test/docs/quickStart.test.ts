import { execFile } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { startCloudplatEmulator } from "../emulators/cloudplat/index.js";
import { startNetsvcEmulator, type NetsvcEmulator } from "../emulators/netsvc/index.js";

/**
 * Each package README's quick start, and each program of the root README that orders something, RUNS
 * as a user runs it: its code block, compiled as written, is a program of its own importing the built
 * package, with the provider configured by environment variables alone (pointed at the emulator), and
 * it leaves nothing behind. examples.test.ts type-checks the package READMEs with every other example.
 */
const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const OUT = join(ROOT, "test/output/quickstart");
const run = promisify(execFile);

/** A README's TypeScript program as a runnable ES module beside the workspace's node_modules. */
function program(name: string, code: string): string {
  const js = ts.transpileModule(code, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  mkdirSync(OUT, { recursive: true });
  const file = join(OUT, `${name}.mjs`);
  writeFileSync(file, js);
  return file;
}

function quickStartProgram(pkg: string): string {
  const readme = readFileSync(join(ROOT, "generated", pkg, "README.md"), "utf8");
  const code = /## Quick start\n[\s\S]*?```ts\n([\s\S]*?)```/.exec(readme)?.[1];
  if (!code) throw new Error(`generated/${pkg}/README.md has no quick start`);
  return program(pkg, code);
}

/** The root README's programs that order something through the netsvc SDK (not a stack's). */
const rootOrders = [...readFileSync(join(ROOT, "README.md"), "utf8").matchAll(/```ts\n([\s\S]*?)```/g)]
  .map((m) => m[1]!)
  .filter((code) => code.includes(".create("));

/** The netsvc emulator's variables for a provider built from the environment alone. */
const netsvcEnv = (emu: NetsvcEmulator) => ({
  NETSVC_ENDPOINT: emu.url,
  NETSVC_ACCESS_KEY: emu.credentials.accessKey,
  NETSVC_SECRET_KEY: emu.credentials.secretKey,
  NETSVC_ACCEPT_PURCHASE_TERMS: "true",
});

/** Runs a program with only these variables beside PATH, so no setting leaks in from the test's shell. */
const runWith = (file: string, env: Record<string, string>) =>
  run(process.execPath, [file], { cwd: OUT, env: { PATH: process.env.PATH ?? "", ...env }, timeout: 60_000 });

describe("the package READMEs' quick starts", () => {
  it("netsvc: orders a port where the lookup found, and cancels it", async () => {
    // Time runs fast, so a port is live by the first poll.
    const emu = await startNetsvcEmulator({ clock: { speed: 60 } });
    try {
      const { stdout } = await runWith(quickStartProgram("netsvc"), netsvcEnv(emu));
      expect(stdout).toContain("LIVE");
      const products = emu.state.products();
      expect(products.map((p) => [p.productName, p.locationId])).toEqual([["edge-2", 3]]);
      expect(products.map((p) => p.provisioningStatus)).toEqual(["DECOMMISSIONED"]);
    } finally {
      await emu.stop();
    }
  });

  it("cloudplat: creates a service and an API, finds the API's id by lookup, and deletes both", async () => {
    const emu = await startCloudplatEmulator();
    try {
      await runWith(quickStartProgram("cloudplat"), {
        CLOUDPLAT_ENDPOINT: emu.url,
        CLOUDPLAT_SECRET_ID: emu.credentials.secretId,
        CLOUDPLAT_SECRET_KEY: emu.credentials.secretKey,
      });
      const made = (action: string) => emu.state.requests({ service: "apigateway", action }).length;
      expect([made("CreateService"), made("CreateApi"), made("ModifyApi")]).toEqual([1, 1, 1]);
      expect([emu.state.store.services.size, emu.state.store.apis.size]).toEqual([0, 0]);
    } finally {
      await emu.stop();
    }
  });

  it("the root README's SDK program orders a port where the lookup found, and cancels it", async () => {
    expect(rootOrders).toHaveLength(1);
    const emu = await startNetsvcEmulator({ clock: { speed: 60 } });
    try {
      await runWith(program("root-readme", rootOrders[0]!), netsvcEnv(emu));
      const products = emu.state.products();
      expect(products.map((p) => [p.productName, p.locationId])).toEqual([["edge-2", 3]]);
      expect(products.map((p) => p.provisioningStatus)).toEqual(["DECOMMISSIONED"]);
    } finally {
      await emu.stop();
    }
  });
});
