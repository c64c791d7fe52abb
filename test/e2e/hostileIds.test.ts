import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ValidationError } from "@sdkgen/runtime";
import * as netsvc from "netsvc";
import { startNetsvcEmulator, type NetsvcEmulator } from "../emulators/netsvc/index.js";
import { emulatorProvider } from "./netsvcKit.js";

// An id is checked against its kind's import-id format before any request: one that no object of the
// kind can have (a path, query or fragment in it, a dot segment, a control character, too long) is a
// ValidationError naming the kind and the format, and the service (its token endpoint too) hears nothing.
const UID = "5d7a9c1e-a0a0-4b3d-9f2a-000000000001";
const hostile: readonly [string, string][] = [
  ["a query and a fragment", `${UID}?productUid=x#frag`],
  ["dot segments", `${UID}/../../../../v2/products`],
  ["a lone dot segment", ".."],
  ["a line break", `${UID}\r\nx`],
  ["a NUL", `${UID}\u0000`],
  ["a backslash", `${UID}\\..\\x`],
  ["300 characters", "a".repeat(300)],
  ["an empty id", ""],
];
const kinds = [
  netsvc.Port,
  netsvc.LagPort,
  netsvc.Mcr,
  netsvc.Mve,
  netsvc.Vxc,
  netsvc.Ix,
  netsvc.ServiceKey,
  netsvc.McrPrefixFilterList,
  netsvc.McrIpsecAddon,
];

/** The hostile text in the first string part of the kind's import id, other parts valid. */
const idOf = (kind: (typeof kinds)[number], text: string): string => {
  const spec = kind.descriptor.importId!;
  const first = spec.parts.findIndex((p) => p.type === "string");
  return spec.parts.map((p, i) => (i === first ? text : p.type === "integer" ? "1" : UID)).join(spec.separator);
};

let emu: NetsvcEmulator;
let provider: netsvc.Provider;
beforeAll(async () => {
  emu = await startNetsvcEmulator({ clock: { speed: 1000 } });
  provider = emulatorProvider(emu);
});
afterAll(() => emu.stop());

describe.each(kinds.map((k) => [k.descriptor.name, k] as const))("%s", (name, kind) => {
  it.each(hostile)("refuses an id with %s in get and import, sending nothing", async (_what, text) => {
    const id = idOf(kind, text);
    const format = kind.descriptor.importId!.parts.map((p) => `<${p.field}>`).join(kind.descriptor.importId!.separator);
    emu.state.clearRequests();
    for (const call of [() => kind.get(id, { provider }), () => kind.import(id, { provider })]) {
      const error = await call().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      const message = (error as Error).message;
      expect(message).toContain(`${name} id`);
      expect(message).toContain(format);
      expect(message.length).toBeLessThan(600);
      if (name === "ServiceKey") expect(message).not.toContain(UID);
    }
    expect(emu.state.requests()).toEqual([]);
  });
});
