import { Provider } from "netsvc";
import type { NetsvcEmulator } from "../emulators/netsvc/index.js";

/**
 * A provider reaching the emulator with its own keys, the purchase terms accepted, waits of a minute
 * and polling every 20 ms (the emulator's clock runs fast in these tests).
 */
export const emulatorProvider = (emu: NetsvcEmulator): Provider =>
  new Provider(
    {
      endpoint: emu.url,
      accessKey: emu.credentials.accessKey,
      secretKey: emu.credentials.secretKey,
      acceptPurchaseTerms: true,
      waitTime: 1,
    },
    {},
    { pollMs: 20 },
  );
