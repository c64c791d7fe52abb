// `make demo`: runs each example program against a local emulator started here for it, so a new user
// sees both SDKs work without an account. The emulators accept fixed keys, handed to the programs
// through environment variables, as a real program's would be.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startCloudplatEmulator } from "../test/emulators/cloudplat/index.js";
import { startNetsvcEmulator } from "../test/emulators/netsvc/index.js";

const REPO = join(import.meta.dirname, "../../..");
const TSX = join(REPO, "node_modules/.bin/tsx");
const STACK_PROGRAM = join(REPO, "examples/netsvc/stack.ts");

/** Starts an emulator, runs one program against it and stops it; a failure is reported, and the next still runs. */
async function demo(
  title: string,
  start: () => Promise<{ url: string; stop(): Promise<void> }>,
  run: () => Promise<void>,
) {
  const emulator = await start();
  console.log(`\n== ${title} (emulator on ${emulator.url})\n`);
  try {
    await run();
  } catch (e) {
    console.error(`demo failed: ${e instanceof Error ? e.message : String(e)}`);
    process.exitCode = 1;
  } finally {
    await emulator.stop();
  }
}

// netsvc: its clock sped up, so that provisioning takes seconds, not minutes. The endpoint is a
// provider setting, so it goes through the environment too (as for cloudplat below).
async function netsvcEmulator() {
  const emulator = await startNetsvcEmulator({ clock: { speed: 20 } });
  Object.assign(process.env, {
    NETSVC_ENDPOINT: emulator.url,
    NETSVC_ACCESS_KEY: emulator.credentials.accessKey,
    NETSVC_SECRET_KEY: emulator.credentials.secretKey,
    NETSVC_ACCEPT_PURCHASE_TERMS: "true",
  });
  return emulator;
}

await demo("netsvc: a port, a cloud router and a link", netsvcEmulator, async () =>
  (await import("./netsvc/topology.js")).main(),
);

// The same port as a stack program, run under tsx as users run one: previewed, applied, edited (a
// variable switches its declarations), run again unchanged, and destroyed. Its state goes to a
// temporary folder, not this project's .sdkgen/.
await demo("netsvc: a stack under tsx, previewed, applied, edited and run again", netsvcEmulator, async () => {
  const env = {
    ...process.env,
    SDKGEN_STACK_DIR: mkdtempSync(join(tmpdir(), "sdkgen-demo-stack-")),
    SDKGEN_STACK_PASSPHRASE: "demo passphrase", // seals the service key in the state
  };
  const phases: [string, string[], Record<string, string>?][] = [
    ["preview", ["preview"]],
    ["up", ["up", "--yes"]],
    ["edited: one in-place change, one replacement", ["preview"], { DEMO_EDIT: "1" }],
    ["up", ["up", "--yes"], { DEMO_EDIT: "1" }],
    ["unchanged rerun", ["up", "--yes"], { DEMO_EDIT: "1" }],
    ["outputs", ["outputs"], { DEMO_EDIT: "1" }],
    ["destroy", ["destroy", "--yes"], { DEMO_EDIT: "1" }],
  ];
  for (const [title, argv, extra] of phases) {
    console.log(`\n-- ${title}: tsx examples/netsvc/stack.ts ${argv.join(" ")}`);
    // Not spawnSync: the emulator answers from this process's event loop.
    const child = spawn(TSX, [STACK_PROGRAM, ...argv], { stdio: "inherit", env: { ...env, ...extra } });
    const [status] = (await once(child, "exit")) as [number | null];
    console.log(`(exit ${status})`);
    if (status === 1 || status === null) throw new Error(`${argv[0]} failed`);
  }
});

// cloudplat: a release takes 1.5 s here, so the program visibly waits for it. The clock runs at real
// speed because the emulator, like the platform, refuses requests signed more than 5 minutes off its clock.
await demo(
  "cloudplat: an HTTP API published through the API gateway",
  async () => {
    const emulator = await startCloudplatEmulator({ releaseDelayMs: 1_500 });
    Object.assign(process.env, {
      CLOUDPLAT_ENDPOINT: emulator.url,
      CLOUDPLAT_SECRET_ID: emulator.credentials.secretId,
      CLOUDPLAT_SECRET_KEY: emulator.credentials.secretKey,
    });
    return emulator;
  },
  async () => (await import("./cloudplat/gateway.js")).main(),
);
