import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { RateLimit } from "../rateLimit.js";
import type { CloudplatEmulator } from "./index.js";
import { boot, call, errorCode, ok, send, stopClean } from "./testkit.js";

describe("cloudplat emulator: faults, request log, metadata service", () => {
  let emu: CloudplatEmulator;
  beforeEach(async () => {
    emu = await boot();
  });
  afterEach(() => stopClean(emu));

  it("error faults by action: RequestLimitExceeded and sub-codes, InternalError, ResourceInUse, ResourceUnavailable", async () => {
    const armed = emu.faults.next({
      kind: "error",
      code: "RequestLimitExceeded.UinLimitExceeded",
      action: "GetCallerIdentity",
      times: 2,
    });
    emu.faults.next({ kind: "error", code: "InternalError", action: /^Describe/, service: "antiddos" });
    emu.faults.next({ kind: "error", code: "ResourceInUse", action: "DeleteAddressTemplate" });
    emu.faults.next({
      kind: "error",
      code: "ResourceUnavailable",
      action: "DescribeAddressTemplates",
      message: "busy",
    });
    await ok(emu, "sts", "AssumeRole", { RoleArn: "qcs::cam::uin/100000000001:roleName/r", RoleSessionName: "s1" }); // no match
    for (let i = 0; i < 2; i++) {
      const r = await call(emu, "sts", "GetCallerIdentity");
      expect(r.status).toBe(200);
      expect(r.body.Response.Error).toEqual({
        Code: "RequestLimitExceeded.UinLimitExceeded",
        Message: expect.stringContaining("frequency limit"),
      });
    }
    expect(armed).toMatchObject({ hits: 2, remaining: 0 });
    await ok(emu, "sts", "GetCallerIdentity");
    expect(await errorCode(emu, "antiddos", "DescribeListListener")).toBe("InternalError");
    expect(await errorCode(emu, "vpc", "DeleteAddressTemplate", { AddressTemplateId: "ipm-x" })).toBe("ResourceInUse");
    const busy = await call(emu, "vpc", "DescribeAddressTemplates");
    expect(busy.body.Response.Error).toEqual({ Code: "ResourceUnavailable", Message: "busy" });
    expect(emu.faults.pending()).toEqual([]);
    expect(emu.state.requests({ action: "GetCallerIdentity" }).map((r) => [r.errorCode, r.fault])).toEqual([
      ["RequestLimitExceeded.UinLimitExceeded", "error"],
      ["RequestLimitExceeded.UinLimitExceeded", "error"],
      [null, null],
    ]);
  });

  it("drop, delay, http status and fixed latency", async () => {
    emu.faults.next({ kind: "drop", action: "GetCallerIdentity" });
    await expect(call(emu, "sts", "GetCallerIdentity")).rejects.toThrow();
    expect(emu.state.lastRequest({ action: "GetCallerIdentity" })).toMatchObject({ errorCode: null, fault: "drop" });
    emu.faults.next({ kind: "delay", ms: 150, action: "GetCallerIdentity" });
    let t = performance.now();
    await ok(emu, "sts", "GetCallerIdentity");
    expect(performance.now() - t).toBeGreaterThanOrEqual(140);
    emu.faults.next({ kind: "http", status: 502 });
    expect((await call(emu, "sts", "GetCallerIdentity")).status).toBe(502);
    emu.faults.latencyMs = 60;
    t = performance.now();
    await ok(emu, "sts", "GetCallerIdentity");
    expect(performance.now() - t).toBeGreaterThanOrEqual(55);
    expect(() => emu.faults.next({ kind: "error", code: "not a code" })).toThrow(RangeError);
    emu.reset();
    expect(emu.faults.latencyMs).toBe(0);
    expect(emu.state.requests()).toEqual([]);
  });

  it("dropAfter acts then loses the answer; http with Retry-After; a rate limit refuses what exceeds it", async () => {
    emu.faults.next({ kind: "dropAfter", action: "CreateAddressTemplate" });
    await expect(
      call(emu, "vpc", "CreateAddressTemplate", { AddressTemplateName: "lost", Addresses: ["10.0.0.1"] }),
    ).rejects.toThrow();
    expect(emu.state.store.addressTemplates.size).toBe(1);
    emu.faults.next({ kind: "http", status: 503, retryAfter: 2 });
    const unavailable = await call(emu, "sts", "GetCallerIdentity");
    expect([unavailable.status, unavailable.headers["retry-after"]]).toEqual([503, "2"]);
    emu.faults.rateLimit = new RateLimit(2);
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await call(emu, "sts", "GetCallerIdentity")).body.Response.Error?.Code);
    expect(codes).toEqual([undefined, undefined, "RequestLimitExceeded"]);
    expect(emu.faults.rateLimit.hits).toBe(1);
    emu.faults.clear();
    expect(emu.faults.rateLimit).toBeUndefined();
  });

  it("metadata: the role name, then credentials that sign calls with their token until they expire", async () => {
    const base = `${emu.metadataUrl}/latest/meta-data/cam/security-credentials/`;
    const role = await send(base, "GET", "", {}, "");
    expect(role).toMatchObject({ status: 200, text: "emulator-cvm-role" });
    expect((await send(base, "GET", "other-role", {}, "")).status).toBe(404);
    const creds = JSON.parse((await send(base, "GET", "emulator-cvm-role", {}, "")).text);
    expect(creds).toMatchObject({ Code: "Success", ExpiredTime: Math.floor(emu.clock.now() / 1000) + 7200 });
    const me = await ok(
      emu,
      "sts",
      "GetCallerIdentity",
      {},
      { secretId: creds.TmpSecretId, secretKey: creds.TmpSecretKey, token: creds.Token },
    );
    expect(me.Type).toBe("CAMRole");
    expect(emu.state.temporaryCredentialsIssued()).toBe(1);
    emu.state.expireTemporaryCredentials();
    expect(
      await errorCode(
        emu,
        "sts",
        "GetCallerIdentity",
        {},
        { secretId: creds.TmpSecretId, secretKey: creds.TmpSecretKey, token: creds.Token },
      ),
    ).toBe("AuthFailure.TokenFailure");
  });

  it("metadata with no role bound answers 404; MFA GetSessionToken checks the code", async () => {
    const none = await boot({ camRoleName: null });
    try {
      expect(
        (await send(`${none.metadataUrl}/latest/meta-data/cam/security-credentials/`, "GET", "", {}, "")).status,
      ).toBe(404);
    } finally {
      await stopClean(none);
    }
    const serial = "qcs::cam:uin/100000000001::mfa/softToken";
    expect(await errorCode(emu, "sts", "GetSessionToken", { SerialNumber: serial, TokenCode: "000000" })).toBe(
      "AuthFailure.MFAFailure",
    );
    const res = await ok(emu, "sts", "GetSessionToken", { SerialNumber: serial, TokenCode: "123456" });
    expect(res.ExpiredTime).toBe(Math.floor(emu.clock.now() / 1000) + 1800);
    const web = await ok(
      emu,
      "sts",
      "AssumeRoleWithWebIdentity",
      {
        ProviderId: "OIDC",
        WebIdentityToken: "jwt",
        RoleArn: "qcs::cam::uin/100000000001:roleName/pod",
        RoleSessionName: "tencentcloud-node-sdk-1",
      },
      { authorization: "SKIP", host: "sts.tencentcloudapi.com" },
    );
    expect(web.Credentials.Token).toBeTruthy();
    expect(
      await errorCode(emu, "sts", "AssumeRole", { RoleArn: "qcs::cam::uin/999999:roleName/x", RoleSessionName: "s1" }),
    ).toBe("ResourceNotFound.RoleNotExist");
  });
});
