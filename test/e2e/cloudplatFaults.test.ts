import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  OrderUncertainError,
  secret,
  ServiceError,
  setLogSink,
  TransportError,
  type RetryPolicy,
} from "@sdkgen/runtime";
import { CloudplatClient, CloudplatError } from "@sdkgen/runtime/cloudplat";
import {
  ApiGatewayApiKey,
  ApiGatewayCustomDomain,
  ApiGatewayService,
  getAddressTemplates,
  Provider,
  type ProviderArgs,
} from "cloudplat";
import { startCloudplatEmulator, type CloudplatEmulator } from "../emulators/cloudplat/index.js";
import { keyedProvider, seedTemplate } from "./cloudplatKit.js";

// Every fault the emulator injects, met through the generated cloudplat SDK: what is retried (throttling,
// transient codes, lost reads), what is not (a write that may have taken effect, a real error), and that no
// secret reaches a log line, an error or the JSON of a result along the way.
let emu: CloudplatEmulator;
const logs: string[] = [];
beforeEach(async () => {
  logs.length = 0;
  emu = await startCloudplatEmulator();
  setLogSink((line) => logs.push(line));
});
afterEach(async () => {
  setLogSink(undefined);
  await emu.stop();
});

// Four attempts with millisecond backoff: retries are visible in the request log, and tests stay fast.
const FAST: RetryPolicy = { maxAttempts: 4, baseDelayMs: 2, maxDelayMs: 10, maxRetryAfterMs: 10, budgetMs: 2_000 };

const provider = (args: ProviderArgs = {}, timeoutMs = 5_000) =>
  keyedProvider(emu, { metadataUrl: emu.metadataUrl, retry: FAST, timeoutMs, pollMs: 10 }, args);

/** What the emulator saw of an action: one entry per attempt, the injected fault (or null) of each. */
const attempts = (action: string) => emu.state.requests({ action }).map((r) => r.fault);

const serviceArgs = { serviceName: "orders", protocol: "http", netTypes: ["OUTER"] } as const;

describe("cloudplat faults through the SDK", () => {
  it("retries RequestLimitExceeded and its sub-codes on reads and on writes, then succeeds", async () => {
    const p = provider();
    const id = await seedTemplate(emu, p);
    emu.faults.next({ kind: "error", code: "RequestLimitExceeded", action: "DescribeAddressTemplates", times: 2 });
    const found = await getAddressTemplates({}, { provider: p });
    expect(found.templateLists.map((t) => t.id)).toEqual([id]);
    expect(attempts("DescribeAddressTemplates")).toEqual(["error", "error", null]);

    // A throttled write was refused before it ran, so it is safe to send again: one service, not two.
    emu.faults.next({ kind: "error", code: "RequestLimitExceeded.UinLimitExceeded", action: "CreateService" });
    const s = await ApiGatewayService.create(serviceArgs, { provider: p });
    expect(attempts("CreateService")).toEqual(["error", null]);
    expect([...emu.state.store.services.keys()]).toEqual([s.id]);
    expect(logs.some((l) => l.includes("retry 1 of apigateway/CreateService"))).toBe(true);
  });

  it("gives up after the policy's attempts with the throttling code", async () => {
    const p = provider();
    emu.faults.next({ kind: "error", code: "RequestLimitExceeded.IPLimitExceeded", times: 10 });
    const err = await getAddressTemplates({}, { provider: p }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CloudplatError);
    expect((err as CloudplatError).code).toBe("RequestLimitExceeded.IPLimitExceeded");
    expect(attempts("DescribeAddressTemplates")).toHaveLength(FAST.maxAttempts);
  });

  it("retries InternalError on a read but not on a write, which may have taken effect", async () => {
    const p = provider();
    const id = await seedTemplate(emu, p);
    emu.faults.next({ kind: "error", code: "InternalError", action: "DescribeAddressTemplates" });
    expect((await getAddressTemplates({}, { provider: p })).templateLists.map((t) => t.id)).toEqual([id]);
    expect(attempts("DescribeAddressTemplates")).toEqual(["error", null]);

    emu.faults.next({ kind: "error", code: "InternalError", action: "CreateService" });
    const err = await ApiGatewayService.create(serviceArgs, { provider: p }).catch((e: unknown) => e);
    // An internal error may follow the work: the SDK looked for the service rather than ordering again.
    expect(err).toBeInstanceOf(OrderUncertainError);
    expect((err as OrderUncertainError).candidates).toEqual([]);
    const cause = (err as OrderUncertainError).cause as CloudplatError;
    expect(cause).toBeInstanceOf(CloudplatError);
    expect(cause.code).toBe("InternalError");
    expect(cause.action).toBe("CreateService");
    expect(attempts("CreateService")).toEqual(["error"]); // sent once
    expect(emu.state.store.services.size).toBe(0);
    // The next create goes through: exactly one service.
    await ApiGatewayService.create(serviceArgs, { provider: p });
    expect(emu.state.store.services.size).toBe(1);
  });

  it("retries ResourceInUse and ResourceUnavailable (with sub-codes)", async () => {
    const p = provider();
    const id = await seedTemplate(emu, p);
    emu.faults.next({ kind: "error", code: "ResourceInUse", action: "DescribeAddressTemplates" });
    emu.faults.next({ kind: "error", code: "ResourceUnavailable.Busy", action: "DescribeAddressTemplates" });
    expect((await getAddressTemplates({}, { provider: p })).templateLists.map((t) => t.id)).toEqual([id]);
    expect(attempts("DescribeAddressTemplates")).toEqual(["error", "error", null]);
    expect(emu.state.requests({ action: "DescribeAddressTemplates" }).map((r) => r.errorCode)).toEqual([
      "ResourceInUse",
      "ResourceUnavailable.Busy",
      null,
    ]);

    emu.faults.next({ kind: "error", code: "ResourceUnavailable", action: "CreateService" });
    await ApiGatewayService.create(serviceArgs, { provider: p });
    expect(attempts("CreateService")).toEqual(["error", null]);
    expect(emu.state.store.services.size).toBe(1);
  });

  it("retries a transient HTTP 503 on a read", async () => {
    const p = provider();
    const id = await seedTemplate(emu, p);
    emu.faults.next({ kind: "http", status: 503, action: "DescribeAddressTemplates" });
    expect((await getAddressTemplates({}, { provider: p })).templateLists.map((t) => t.id)).toEqual([id]);
    expect(attempts("DescribeAddressTemplates")).toEqual(["http", null]);
  });

  it("retries any HTTP 5xx on a read and on a write that cannot make an object, never on a create", async () => {
    const p = provider();
    const id = await seedTemplate(emu, p);
    emu.faults.next({ kind: "http", status: 500, action: "DescribeAddressTemplates" });
    expect((await getAddressTemplates({}, { provider: p })).templateLists.map((t) => t.id)).toEqual([id]);
    expect(attempts("DescribeAddressTemplates")).toEqual(["http", null]);

    const s = await ApiGatewayService.create(serviceArgs, { provider: p });
    emu.faults.next({ kind: "http", status: 502, action: "ModifyService" });
    await s.update({ ...serviceArgs, serviceDesc: "orders, v2" });
    expect(attempts("ModifyService")).toEqual(["http", null]);
    emu.faults.next({ kind: "drop", action: "DeleteService" });
    await s.delete();
    expect(attempts("DeleteService")).toEqual(["drop", null]);

    emu.faults.next({ kind: "http", status: 502, action: "CreateService" });
    await ApiGatewayService.create(serviceArgs, { provider: p }).catch(() => undefined);
    expect(attempts("CreateService").slice(1)).toEqual(["http"]);
  });

  it("never sends a kind's create twice, whatever its action is called (BindSubDomain makes a custom domain)", async () => {
    const p = provider();
    const s = await ApiGatewayService.create(serviceArgs, { provider: p });
    const args = {
      serviceId: s.id,
      subDomain: "api.example.com",
      protocol: "http",
      netType: "OUTER",
      defaultDomain: String(s.outerSubDomain),
    } as const;
    emu.faults.next({ kind: "drop", action: "BindSubDomain" });
    const err = await ApiGatewayCustomDomain.create(args, { provider: p }).catch((e: unknown) => e);
    expect(attempts("BindSubDomain")).toEqual(["drop"]);
    expect(err).toBeInstanceOf(OrderUncertainError);
  });

  it("asks a few times only where no answer comes, even within the default windows", async () => {
    // No retry option: the reference's windows. A dead endpoint must still fail in seconds.
    const p = keyedProvider(emu, { pollMs: 10 });
    emu.faults.next({ kind: "drop", action: "DescribeAddressTemplates", times: 50 });
    await expect(getAddressTemplates({}, { provider: p })).rejects.toBeInstanceOf(TransportError);
    expect(attempts("DescribeAddressTemplates")).toEqual(["drop", "drop", "drop", "drop"]);
  });

  it("waits out passing refusals as the reference provider does: reads for 3 minutes, writes for 5", () => {
    const client = new CloudplatClient();
    expect(client.retryPolicyFor("DescribeService").budgetMs).toBe(180_000);
    expect(client.retryPolicyFor("DeleteService").budgetMs).toBe(300_000);
    expect(new CloudplatClient({ retry: FAST }).retryPolicyFor("DeleteService")).toBe(FAST);
  });

  it("a response slower than timeoutMs is a TransportError naming the action; a slow read is retried", async () => {
    const p = provider({}, 100);
    const id = await seedTemplate(emu, p);
    emu.faults.next({ kind: "delay", ms: 400, action: "DescribeAddressTemplates" });
    expect((await getAddressTemplates({}, { provider: p })).templateLists.map((t) => t.id)).toEqual([id]);
    expect(attempts("DescribeAddressTemplates")).toEqual(["delay", null]);

    emu.faults.next({ kind: "delay", ms: 400, action: "DescribeAddressTemplates", times: FAST.maxAttempts });
    const err = await getAddressTemplates({}, { provider: p }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TransportError);
    expect((err as TransportError).message).toContain("vpc/DescribeAddressTemplates");
    expect((err as TransportError).message).toContain("timed out after 100 ms");
  });

  it("a slow create times out once and is not resent", async () => {
    const p = provider({}, 100);
    emu.faults.next({ kind: "delay", ms: 400, action: "CreateService" });
    const err = await ApiGatewayService.create(serviceArgs, { provider: p }).catch((e: unknown) => e);
    // The write took effect though its answer was lost: the SDK found it and names it, rather than resending.
    expect(err).toBeInstanceOf(OrderUncertainError);
    const cause = (err as OrderUncertainError).cause as TransportError;
    expect(cause.message).toContain("apigateway/CreateService");
    expect(cause.mayHaveReachedServer).toBe(true);
    expect(emu.state.store.services.size).toBe(1);
    expect((err as OrderUncertainError).candidates).toEqual([...emu.state.store.services.keys()]);
    expect(attempts("CreateService")).toEqual(["delay"]);
  });

  it("a dropped connection is retried on a read and not resent for a create", async () => {
    const p = provider();
    const id = await seedTemplate(emu, p);
    emu.faults.next({ kind: "drop", action: "DescribeAddressTemplates" });
    expect((await getAddressTemplates({}, { provider: p })).templateLists.map((t) => t.id)).toEqual([id]);
    expect(attempts("DescribeAddressTemplates")).toEqual(["drop", null]);

    emu.faults.next({ kind: "drop", action: "CreateService" });
    const err = await ApiGatewayService.create(serviceArgs, { provider: p }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OrderUncertainError);
    expect(((err as OrderUncertainError).cause as TransportError).message).toContain("apigateway/CreateService");
    expect(attempts("CreateService")).toEqual(["drop"]);
    expect(emu.state.store.services.size).toBe(0);
  });

  it("a dropped metadata request is retried for camRoleName credentials", async () => {
    const p = provider();
    const id = await seedTemplate(emu, p);
    emu.faults.next({ kind: "drop", service: "metadata" });
    const cam = new Provider(
      { camRoleName: "emulator-cvm-role", endpoint: emu.url },
      {},
      {
        metadataUrl: emu.metadataUrl,
        rateLimit: false,
        retry: FAST,
      },
    );
    expect((await getAddressTemplates({}, { provider: cam })).templateLists.map((t) => t.id)).toEqual([id]);
    expect(emu.state.requests({ service: "metadata" }).map((r) => r.fault)).toEqual(["drop", null]);
  });

  it("a non-retryable error surfaces at once with its code, message and request id", async () => {
    const p = provider();
    emu.faults.next({
      kind: "error",
      code: "UnauthorizedOperation",
      message: "CAM denies vpc:DescribeAddressTemplates.",
      action: "DescribeAddressTemplates",
    });
    const err = await getAddressTemplates({}, { provider: p }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CloudplatError);
    expect(err).toBeInstanceOf(ServiceError);
    const e = err as CloudplatError;
    expect(e.code).toBe("UnauthorizedOperation");
    expect(e.serviceMessage).toBe("CAM denies vpc:DescribeAddressTemplates.");
    expect(e.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(e.message).toBe(
      `vpc/DescribeAddressTemplates failed: UnauthorizedOperation: CAM denies vpc:DescribeAddressTemplates. (request id ${e.requestId})`,
    );
    expect(attempts("DescribeAddressTemplates")).toEqual(["error"]);

    // A real (not injected) refusal of a resource: the platform's not-found code, not retried.
    emu.state.clearRequests();
    const missing = await ApiGatewayService.get("service-00000000", { provider: p }).catch((x: unknown) => x);
    expect(String(missing)).toMatch(/does not exist|ResourceNotFound/);
    expect(emu.state.requests({ action: "DescribeService" }).length).toBeLessThanOrEqual(1);
  });

  it("keeps every secret out of debug logs, errors and JSON while faults are retried", async () => {
    const errors: unknown[] = [];
    const json: string[] = [];
    const keep = (e: unknown) => void errors.push(e);

    // Static keys, with throttling retried and a fatal error.
    const p = provider();
    await seedTemplate(emu, p);
    emu.faults.next({ kind: "error", code: "RequestLimitExceeded", action: "DescribeAddressTemplates" });
    json.push(JSON.stringify(await getAddressTemplates({}, { provider: p })));
    emu.faults.next({ kind: "error", code: "InvalidParameterValue", action: "DescribeAddressTemplates" });
    await getAddressTemplates({}, { provider: p }).catch(keep);

    // A wrong secret key (the platform's AuthFailure), and temporary credentials (tokens) refused then renewed.
    const wrongKey = "wrong-secret-key-0042";
    await getAddressTemplates({}, { provider: provider({ secretKey: wrongKey }) }).catch(keep);
    const roleArn = `qcs::cam::uin/${emu.accountId}:roleName/deployer`;
    const assumed = provider({ assumeRole: { roleArn, sessionName: "leak-check" } });
    json.push(JSON.stringify(await getAddressTemplates({}, { provider: assumed })));
    emu.state.expireTemporaryCredentials();
    emu.faults.next({ kind: "drop", action: "DescribeAddressTemplates" });
    json.push(JSON.stringify(await getAddressTemplates({}, { provider: assumed })));

    // The SAML assertion, a web identity token and an MFA code, each with its STS exchange throttled once.
    const assertion = Buffer.from("<saml:Assertion>very secret assertion</saml:Assertion>").toString("base64");
    const webToken = "eyJhbGciOiJSUzI1NiJ9.web-identity-secret.sig";
    emu.faults.next({ kind: "error", code: "RequestLimitExceeded", service: "sts", times: 3 });
    const saml = new Provider(
      {
        assumeRoleWithSaml: {
          samlAssertion: assertion,
          principalArn: `qcs::cam::uin/${emu.accountId}:saml-provider/idp`,
          roleArn,
          sessionName: "saml",
        },
        endpoint: emu.url,
      },
      {},
      { rateLimit: false, retry: FAST },
    );
    json.push(JSON.stringify(await getAddressTemplates({}, { provider: saml })));
    const web = new Provider(
      { assumeRoleWithWebIdentity: { webIdentityToken: webToken, roleArn, sessionName: "web" }, endpoint: emu.url },
      {},
      { rateLimit: false, retry: FAST },
    );
    json.push(JSON.stringify(await getAddressTemplates({}, { provider: web })));
    const mfa = provider({
      mfaCertification: { serialNumber: `qcs::cam:uin/${emu.accountId}::mfa/softToken`, tokenCode: "123456" },
    });
    json.push(JSON.stringify(await getAddressTemplates({}, { provider: mfa })));

    // An API key's secret, set by us and generated by the platform, with the create throttled and a fatal retry.
    const manual = "manual-api-key-secret-0007";
    emu.faults.next({ kind: "error", code: "RequestLimitExceeded", action: "CreateApiKey" });
    const k1 = await ApiGatewayApiKey.create(
      { secretName: "m", accessKeyType: "manual", accessKeyId: "mykey01", accessKeySecret: secret(manual) },
      { provider: p },
    );
    const k2 = await ApiGatewayApiKey.create({ secretName: "auto" }, { provider: p });
    const generated = k2.accessKeySecret!.reveal();
    await ApiGatewayApiKey.create(
      { secretName: "m", accessKeyType: "manual", accessKeyId: "mykey01", accessKeySecret: secret(manual) },
      { provider: p },
    ).catch(keep);
    json.push(
      JSON.stringify(k1),
      JSON.stringify(k2),
      JSON.stringify(await ApiGatewayApiKey.get(k2.id, { provider: p })),
    );

    const secrets = [
      emu.credentials.secretKey,
      wrongKey,
      assertion,
      webToken,
      "123456",
      manual,
      generated,
      // Every temporary key and token the emulator handed out.
      ...[...emu.state.store.keys.values()].flatMap((k) => (k.token ? [k.secretKey, k.token] : [])),
    ];
    expect(secrets.length).toBeGreaterThan(12);
    expect(errors).toHaveLength(3);
    expect(logs.length).toBeGreaterThan(20); // debug logging was on for all of it
    expect(logs.some((l) => l.includes("retry"))).toBe(true);
    const texts = [
      ...logs,
      ...errors.flatMap((e) => [String(e), (e as Error).message, JSON.stringify(e), (e as Error).stack ?? ""]),
      ...json,
    ];
    for (const s of secrets)
      for (const text of texts) if (text.includes(s)) expect.fail(`a secret (${s.slice(0, 4)}…) leaked into: ${text}`);
  });
});
