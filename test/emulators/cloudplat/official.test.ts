/**
 * Fidelity: the official client (`tencentcloud-sdk-nodejs-common`), pointed at the emulator through its `proxy`
 * setting, signs and parses as against the real platform. Its proxy agent tunnels through CONNECT, so requests
 * reach the emulator with `Host: <service>.tencentcloudapi.com`, exactly as on the real endpoints.
 */
import { CommonClient } from "tencentcloud-sdk-nodejs-common";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CloudplatEmulator } from "./index.js";
import { stopClean, VERSIONS } from "./testkit.js";
import { startCloudplatEmulator } from "./index.js";

type Wire = any;

describe("official client against the emulator", () => {
  let emu: CloudplatEmulator;
  beforeAll(async () => {
    // The official client stamps real time, so the emulator's clock runs at real time here.
    emu = await startCloudplatEmulator({ accountId: "300000000003" });
  });
  afterAll(() => stopClean(emu));

  const client = (
    service: string,
    credential = { secretId: emu.credentials.secretId, secretKey: emu.credentials.secretKey },
    token?: string,
  ) =>
    new CommonClient(`${service}.tencentcloudapi.com`, VERSIONS[service] ?? "", {
      credential: token === undefined ? credential : { ...credential, token },
      region: "ap-guangzhou",
      profile: { httpProfile: { protocol: "http://", proxy: emu.url, endpoint: `${service}.tencentcloudapi.com` } },
    });

  it("sts: GetCallerIdentity and AssumeRole, then a call with the temporary credentials and token", async () => {
    const sts = client("sts");
    const me: Wire = await sts.request("GetCallerIdentity", {});
    expect(me).toMatchObject({ AccountId: "300000000003", Type: "RootAccount" });
    const role: Wire = await sts.request("AssumeRole", {
      RoleArn: "qcs::cam::uin/300000000003:roleName/ops",
      RoleSessionName: "official-client",
    });
    const tmp = client(
      "sts",
      { secretId: role.Credentials.TmpSecretId, secretKey: role.Credentials.TmpSecretKey },
      role.Credentials.Token,
    );
    expect(await tmp.request("GetCallerIdentity", {})).toMatchObject({ Type: "CAMRole", AccountId: "300000000003" });
    const logged = emu.state.lastRequest({ action: "GetCallerIdentity" });
    expect(logged?.headers.host).toBe("sts.tencentcloudapi.com");
    expect(logged?.headers["x-tc-token"]).toBe(role.Credentials.Token);
  });

  it("a bad SecretId surfaces as AuthFailure.SecretIdNotFound, a bad key as AuthFailure.SignatureFailure", async () => {
    const badId = client("sts", { secretId: "AKIDnotAKey", secretKey: emu.credentials.secretKey });
    await expect(badId.request("GetCallerIdentity", {})).rejects.toMatchObject({
      code: "AuthFailure.SecretIdNotFound",
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    const badKey = client("sts", { secretId: emu.credentials.secretId, secretKey: "not-the-key" });
    await expect(badKey.request("GetCallerIdentity", {})).rejects.toMatchObject({
      code: "AuthFailure.SignatureFailure",
    });
  });
});
