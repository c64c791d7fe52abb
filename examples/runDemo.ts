// `make demo`: runs examples/netsvc/topology.ts against a local netsvc emulator started here, its
// clock sped up so that provisioning takes seconds, not minutes.
import { startNetsvcEmulator } from "../test/emulators/netsvc/index.js";

const emulator = await startNetsvcEmulator({ clock: { speed: 20 } });
Object.assign(process.env, {
  NETSVC_ENDPOINT: emulator.url,
  NETSVC_ACCESS_KEY: emulator.credentials.accessKey,
  NETSVC_SECRET_KEY: emulator.credentials.secretKey,
  NETSVC_ACCEPT_PURCHASE_TERMS: "true",
});
console.log(`netsvc emulator on ${emulator.url}\n`);
try {
  await (await import("./netsvc/topology.js")).main();
} catch (e) {
  console.error(`demo failed: ${e instanceof Error ? e.message : String(e)}`);
  process.exitCode = 1;
} finally {
  await emulator.stop();
}
