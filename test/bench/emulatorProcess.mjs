// A bench's emulator in a process of its own, so the server's work never shares the measured client's
// event loop or its garbage collector. Forked with the emulator's name; it sends back where it listens
// and stops when its parent disconnects.
import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { startCloudplatEmulator } from "../../build/examples/test/emulators/cloudplat/index.js";
import { startNetsvcEmulator } from "../../build/examples/test/emulators/netsvc/index.js";

const SELF = fileURLToPath(import.meta.url);

/** Starts the named emulator in a child process: `{ url, tokenUrl?, credentials, stop() }`. */
export function emulatorProcess(name) {
  const child = fork(SELF, [name], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`the ${name} emulator process exited with ${code}`)));
    child.once("message", (where) =>
      resolve({ ...where, stop: () => new Promise((done) => (child.once("exit", done), child.disconnect())) }),
    );
  });
}

if (process.argv[1] === SELF) {
  const name = process.argv[2];
  const emu =
    name === "netsvc"
      ? await startNetsvcEmulator({ clock: { speed: 1000 }, tokenLifetimeSeconds: 1e9 })
      : await startCloudplatEmulator();
  process.send({ url: emu.url, tokenUrl: emu.tokenUrl, credentials: { ...emu.credentials } });
  process.once("disconnect", () => emu.stop().then(() => process.exit(0)));
}
