import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ApiGatewayService, ApiGatewayUsagePlan, ApiGatewayUsagePlanAttachment } from "cloudplat";
import { fileBackend, formatPlan, Stack } from "cloudplat/stack";
import { startCloudplatEmulator, type CloudplatEmulator } from "../emulators/cloudplat/index.js";
import { keyedProvider } from "./cloudplatKit.js";

// Issue 12 for the second SDK: a cloudplat stack (signed RPC) declared, applied, edited, rerun and destroyed.
let emu: CloudplatEmulator;
let dir: string;
beforeEach(async () => {
  emu = await startCloudplatEmulator();
  dir = mkdtempSync(join(tmpdir(), "sdkgen-cloudplat-stack-"));
});
afterEach(() => emu.stop());

/** A service, a usage plan, and the attachment of one to the other (it refers to both). */
function program(edit: { serviceDesc?: string; environment?: "test" | "release" } = {}): Stack {
  const stack = new Stack("gateway", {
    backend: fileBackend(dir),
    providers: { cloudplat: keyedProvider(emu, { pollMs: 10 }) },
    kinds: [ApiGatewayService, ApiGatewayUsagePlan, ApiGatewayUsagePlanAttachment],
    passphrase: "correct horse battery staple",
  });
  const service = stack.resource(ApiGatewayService, "shop", {
    serviceName: "shop",
    protocol: "http",
    netTypes: ["OUTER"],
    serviceDesc: edit.serviceDesc ?? "v1",
  });
  const plan = stack.resource(ApiGatewayUsagePlan, "gold", { usagePlanName: "gold", maxRequestNum: 100 });
  stack.resource(ApiGatewayUsagePlanAttachment, "bind", {
    serviceId: service.id,
    usagePlanId: plan.id,
    environment: edit.environment ?? "test",
  });
  return stack;
}

/** Every request that is not a read. */
const writes = () =>
  emu.state
    .requests()
    .map((r) => r.action)
    .filter((a) => !/^(Describe|Get)/.test(a));

describe("a cloudplat stack", () => {
  it("is applied in dependency order, rerun unchanged with nothing but reads, edited, and destroyed", async () => {
    const first = await program().up();
    expect(first.failed).toEqual([]);
    expect(first.plan.steps.map((s) => [s.name, s.operation])).toEqual([
      ["shop", "create"],
      ["gold", "create"],
      ["bind", "create"],
    ]);
    const made = await program().resources();
    expect(Object.keys(made).sort()).toEqual(["bind", "gold", "shop"]);

    emu.state.clearRequests();
    const again = await program().up();
    expect(again.plan.steps.map((s) => s.operation)).toEqual(["unchanged", "unchanged", "unchanged"]);
    expect(writes()).toEqual([]);

    const edited = program({ serviceDesc: "v2", environment: "release" });
    const plan = await edited.preview();
    expect(plan.steps.map((s) => [s.name, s.operation])).toEqual([
      ["shop", "update"],
      ["gold", "unchanged"],
      ["bind", "replace"],
    ]);
    const text = formatPlan(plan);
    expect(text).toContain('serviceDesc: "v1" → "v2"');
    expect(text).toContain("An attachment cannot be modified; it is re-created.");
    emu.state.clearRequests();
    expect((await edited.up()).failed).toEqual([]);
    expect(writes()).toContain("ModifyService");
    expect(
      (await program({ serviceDesc: "v2", environment: "release" }).preview()).steps.map((s) => s.operation),
    ).toEqual(["unchanged", "unchanged", "unchanged"]);

    expect((await program().destroy()).failed).toEqual([]);
    expect(await program().resources()).toEqual({});
    expect(writes()).toEqual(expect.arrayContaining(["DeleteService", "DeleteUsagePlan", "UnBindEnvironment"]));
  });
});
