import { mkdtemp, readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ValidationError } from "@sdkgen/runtime";
import { getAddressTemplateGroups, getAddressTemplates, Provider } from "cloudplat";
import { startCloudplatEmulator, type CloudplatEmulator } from "../emulators/cloudplat/index.js";
import { keyedProvider } from "./cloudplatKit.js";

// The generated cloudplat SDK against the emulator, every request signed with TC3 and verified there
// (without the client-side rate limit, which would spread the setup of 130 templates over 9 s).
let emu: CloudplatEmulator;
beforeEach(async () => {
  emu = await startCloudplatEmulator();
});
afterEach(() => emu.stop());

const provider = () => keyedProvider(emu);

async function templates(p: Provider, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const res = await p.client.call<{ AddressTemplate: { AddressTemplateId: string } }>(
      "vpc",
      "CreateAddressTemplate",
      { AddressTemplateName: `tpl-${i}`, Addresses: [`10.0.${i}.0/24`] },
      { read: false },
    );
    ids.push(res.AddressTemplate.AddressTemplateId);
  }
  return ids;
}

describe("cloudplat vpc lookups", () => {
  it("getAddressTemplates reads every page, filters by name and id, and has an id stable across calls", async () => {
    const p = provider();
    const ids = await templates(p, 130); // two pages of 100
    const all = await getAddressTemplates({}, { provider: p });
    expect(all.templateLists).toHaveLength(130);
    expect(all.templateLists[5]).toEqual({ id: ids[5], name: "tpl-5", addresses: ["10.0.5.0/24"] });
    expect((await getAddressTemplates({}, { provider: p })).id).toBe(all.id);

    const byName = await getAddressTemplates({ name: "tpl-7" }, { provider: p });
    expect(byName.templateLists.map((t) => t.id)).toEqual([ids[7]]);
    expect(byName.name).toBe("tpl-7");
    const byId = await getAddressTemplates({ id: ids[9]! }, { provider: p });
    expect(byId.templateLists.map((t) => t.name)).toEqual(["tpl-9"]);
    expect(byId.id).not.toBe(all.id);
    const pages = emu.state.requests({ action: "DescribeAddressTemplates" }).length;
    expect(pages).toBeGreaterThanOrEqual(5);
  });

  it("getAddressTemplateGroups lists groups with their template ids", async () => {
    const p = provider();
    const ids = await templates(p, 3);
    await p.client.call(
      "vpc",
      "CreateAddressTemplateGroup",
      { AddressTemplateGroupName: "office", AddressTemplateIds: ids.slice(0, 2) },
      { read: false },
    );
    const groups = await getAddressTemplateGroups({ name: "office" }, { provider: p });
    expect(groups.groupLists).toEqual([{ id: expect.any(String), name: "office", templateIds: ids.slice(0, 2) }]);
  });

  it("writes resultOutputFile atomically, and refuses a missing folder with a clear error", async () => {
    const p = provider();
    await templates(p, 2);
    const dir = await mkdtemp(join(tmpdir(), "cloudplat-"));
    const file = join(dir, "templates.json");
    const result = await getAddressTemplates({ resultOutputFile: file }, { provider: p });
    expect(JSON.parse(await readFile(file, "utf8"))).toEqual(
      JSON.parse(JSON.stringify({ ...result, resultOutputFile: undefined })),
    );
    expect(await readdir(dir)).toEqual(["templates.json"]); // no temporary file left behind

    const missing = join(dir, "no-such-folder", "out.json");
    const error = await getAddressTemplates({ resultOutputFile: missing }, { provider: p }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(String(error)).toContain(
      `getAddressTemplates.resultOutputFile: the folder ${join(dir, "no-such-folder")} does not exist`,
    );
  });
});
