// `make demo`: runs each example program against a local emulator started here for it, so a new user
// sees both SDKs work without an account. The emulators accept fixed keys, handed to the programs
// through environment variables, as a real program's would be.
import { startCloudplatEmulator } from "../test/emulators/cloudplat/index.js";
import { startNetsvcEmulator } from "../test/emulators/netsvc/index.js";

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

// The same port as a stack: previewed, applied, edited, run again unchanged, and destroyed.
await demo("netsvc: a stack, previewed, applied, edited and run again", netsvcEmulator, async () =>
  (await import("./netsvc/stack.js")).main(),
);

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
