import { Provider, type ProviderArgs } from "cloudplat";
import type { CloudplatProviderOptions } from "@sdkgen/runtime/cloudplat";
import type { CloudplatEmulator } from "../emulators/cloudplat/index.js";

/**
 * A provider signing with the emulator's own keys and reaching it, without the client-side rate limit
 * (set-ups create many objects at once); `options` and `args` add to or replace these.
 */
export const keyedProvider = (
  emu: CloudplatEmulator,
  options: CloudplatProviderOptions = {},
  args: ProviderArgs = {},
): Provider =>
  new Provider(
    { secretId: emu.credentials.secretId, secretKey: emu.credentials.secretKey, endpoint: emu.url, ...args },
    {},
    { rateLimit: false, ...options },
  );

/** An address template made through `p`, so a lookup has something to find; the request log is cleared after. */
export async function seedTemplate(emu: CloudplatEmulator, p: Provider): Promise<string> {
  const res = await p.client.call<{ AddressTemplate: { AddressTemplateId: string } }>(
    "vpc",
    "CreateAddressTemplate",
    { AddressTemplateName: "office", Addresses: ["10.0.0.0/24"] },
    { read: false },
  );
  emu.state.clearRequests();
  return res.AddressTemplate.AddressTemplateId;
}
