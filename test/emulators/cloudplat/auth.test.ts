import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { CloudplatEmulator } from "./index.js";
import { canonicalRequest, sha256Hex, signature, signingKey } from "./sign.js";
import { boot, call, type Wire, errorCode, MINUTE, ok, START, stopClean } from "./testkit.js";

describe("TC3 signer: the published worked example (reference §1.6)", () => {
  const body = '{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}';
  const key = "Gu5t9xGARNpq86cd98joQYCN3EXAMPLE";

  it("reproduces the payload hash, canonical request hash, derived keys and signature", () => {
    const canonical = canonicalRequest({
      method: "POST",
      query: "",
      headers: [
        ["content-type", "application/json; charset=utf-8"],
        ["host", "cvm.tencentcloudapi.com"],
      ],
      payload: body,
    });
    expect(sha256Hex(body)).toBe("35e9c5b0e3ae67532d3c9f17ead6c90222632e5b1ff7f6e89887f1398934f064");
    expect(sha256Hex(canonical)).toBe("5ffe6a04c0664d6b969fab9a13bdab201d63ee709638e2749d62a09ca18d7031");
    expect(signingKey(key, "2019-02-25", "cvm").toString("hex")).toBe(
      "ac658d5dde49e9bfdd14e04e062f66b05d9f637d44b8a8d845327d4a77f666b1",
    );
    expect(signature(key, 1551113065, "cvm", canonical)).toBe(
      "72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168",
    );
  });

  it("reproduces the second vector (application/json, raw UTF-8 body)", () => {
    const utf8 = '{"Limit":1,"Filters":[{"Values":["未命名"],"Name":"instance-name"}]}';
    const canonical = canonicalRequest({
      method: "POST",
      query: "",
      headers: [
        ["content-type", "application/json"],
        ["host", "cvm.tencentcloudapi.com"],
      ],
      payload: Buffer.from(utf8, "utf8"),
    });
    expect(sha256Hex(Buffer.from(utf8, "utf8"))).toBe(
      "f643cb841f2ce4b3d453493f34421d410f716a251ea100610b562ea1a20f78dc",
    );
    expect(signature(key, 1551113065, "cvm", canonical)).toBe(
      "024dc09760376e08599efbec5b4308222599fed5bc1758190a52c1dc485a7faf",
    );
  });
});

describe("cloudplat emulator: authentication", () => {
  let emu: CloudplatEmulator;
  beforeEach(async () => {
    emu = await boot({ accountId: "200000000002" });
  });
  afterEach(() => stopClean(emu));

  it("accepts a signed call with the host signed with and without the port, and with the service host", async () => {
    expect((await ok(emu, "sts", "GetCallerIdentity")).AccountId).toBe("200000000002");
    expect((await ok(emu, "sts", "GetCallerIdentity", {}, { signedHost: new URL(emu.url).host })).AccountId).toBe(
      "200000000002",
    );
    // Routed by the Host label, as the real endpoints are.
    const res = await ok(emu, "sts", "GetCallerIdentity", {}, { host: "sts.tencentcloudapi.com", scopeService: "sts" });
    expect(res).toMatchObject({ Type: "RootAccount", Arn: "qcs::cam::uin/200000000002:uin/200000000002" });
    expect(res.RequestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("envelope of a failure: HTTP 200, Response.Error {Code, Message} and RequestId", async () => {
    const r = await call(emu, "sts", "GetCallerIdentity", {}, { secretKey: "wrong" });
    expect(r.status).toBe(200);
    expect(r.body.Response.Error.Code).toBe("AuthFailure.SignatureFailure");
    expect(r.body.Response.Error.Message).toMatch(/signature/i);
    expect(r.body.Response.RequestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("AuthFailure.SignatureFailure: wrong key, tampered body, wrong scope service, wrong signed host", async () => {
    expect(await errorCode(emu, "sts", "GetCallerIdentity", {}, { secretKey: "nope" })).toBe(
      "AuthFailure.SignatureFailure",
    );
    const r = await call(emu, "sts", "GetCallerIdentity", {}, { host: "sts.tencentcloudapi.com", scopeService: "vpc" });
    expect(r.body.Response.Error.Code).toBe("AuthFailure.SignatureFailure");
    expect(await errorCode(emu, "sts", "GetCallerIdentity", {}, { signedHost: "elsewhere.example" })).toBe(
      "AuthFailure.SignatureFailure",
    );
    expect(await errorCode(emu, "sts", "GetCallerIdentity", {}, { sentBody: " {}" })).toBe(
      "AuthFailure.SignatureFailure",
    );
  });

  it("AuthFailure.SignatureExpire beyond 5 minutes of skew either way; 5 minutes exactly is accepted", async () => {
    const now = Math.floor(START / 1000);
    expect(await errorCode(emu, "sts", "GetCallerIdentity", {}, { timestamp: now - 301 })).toBe(
      "AuthFailure.SignatureExpire",
    );
    expect(await errorCode(emu, "sts", "GetCallerIdentity", {}, { timestamp: now + 301 })).toBe(
      "AuthFailure.SignatureExpire",
    );
    await ok(emu, "sts", "GetCallerIdentity", {}, { timestamp: now - 300 });
    emu.clock.advance(10 * MINUTE); // the server's clock moves, the client's follows
    await ok(emu, "sts", "GetCallerIdentity");
  });

  it("AuthFailure.SecretIdNotFound for an unknown SecretId; rotated credentials take effect at once", async () => {
    expect(await errorCode(emu, "sts", "GetCallerIdentity", {}, { secretId: "AKIDunknown" })).toBe(
      "AuthFailure.SecretIdNotFound",
    );
    const old = { ...emu.credentials };
    emu.credentials.secretId = "AKIDrotated";
    emu.credentials.secretKey = "rotated-key";
    expect(await errorCode(emu, "sts", "GetCallerIdentity", {}, old)).toBe("AuthFailure.SecretIdNotFound");
    await ok(emu, "sts", "GetCallerIdentity");
    emu.state.addKey("AKIDsecond", "second-key");
    await ok(emu, "sts", "GetCallerIdentity", {}, { secretId: "AKIDsecond", secretKey: "second-key" });
  });

  it("AuthFailure.InvalidAuthorization for a malformed header; SKIP only for the unsigned STS actions", async () => {
    expect(
      await errorCode(
        emu,
        "sts",
        "GetCallerIdentity",
        {},
        { authorization: "Bearer x", host: "sts.tencentcloudapi.com" },
      ),
    ).toBe("AuthFailure.InvalidAuthorization");
    expect(await errorCode(emu, "sts", "GetCallerIdentity", {}, { authorization: "SKIP", host: "sts.x" })).toBe(
      "AuthFailure.SignatureFailure",
    );
    const saml = {
      SAMLAssertion: "PHNhbWw+",
      PrincipalArn: "qcs::cam::uin/200000000002:saml-provider/idp",
      RoleArn: "qcs::cam::uin/200000000002:roleName/r",
      RoleSessionName: "s1",
    };
    const res = await ok(emu, "sts", "AssumeRoleWithSAML", saml, {
      authorization: "SKIP",
      host: "sts.tencentcloudapi.com",
    });
    expect(res.Credentials.TmpSecretId).toMatch(/^AKID/);
  });

  it("X-TC-Token: temporary keys need their token, fail once expired, and a permanent key refuses one", async () => {
    const res = await ok(emu, "sts", "AssumeRole", {
      RoleArn: "qcs::cam::uin/200000000002:roleName/deployer",
      RoleSessionName: "ci",
      DurationSeconds: 900,
    });
    const tmp = { secretId: res.Credentials.TmpSecretId, secretKey: res.Credentials.TmpSecretKey };
    expect(res.ExpiredTime).toBe(Math.floor(START / 1000) + 900);
    expect(res.Expiration).toBe(new Date(START + 900_000).toISOString().replace(".000", ""));
    const me = await ok(emu, "sts", "GetCallerIdentity", {}, { ...tmp, token: res.Credentials.Token });
    expect(me).toMatchObject({ Type: "CAMRole", AccountId: "200000000002" });
    expect(me.Arn).toMatch(/^qcs::sts:200000000002:assumed-role\/\d+\/ci$/);
    expect(await errorCode(emu, "sts", "GetCallerIdentity", {}, tmp)).toBe("AuthFailure.TokenFailure");
    expect(await errorCode(emu, "sts", "GetCallerIdentity", {}, { ...tmp, token: "forged" })).toBe(
      "AuthFailure.TokenFailure",
    );
    expect(await errorCode(emu, "sts", "GetCallerIdentity", {}, { token: "x" })).toBe("AuthFailure.TokenFailure");
    emu.clock.advance(901_000);
    expect(await errorCode(emu, "sts", "GetCallerIdentity", {}, { ...tmp, token: res.Credentials.Token })).toBe(
      "AuthFailure.TokenFailure",
    );
  });

  it("routing errors: unknown action, version, product, method; missing headers", async () => {
    expect(await errorCode(emu, "sts", "DescribeNothing")).toBe("InvalidAction");
    expect(await errorCode(emu, "sts", "DescribeApisStatus")).toBe("InvalidAction"); // an apigateway action
    expect(await errorCode(emu, "sts", "GetCallerIdentity", {}, { version: "2017-01-01" })).toBe("NoSuchVersion");
    expect(await errorCode(emu, "sts", "GetCallerIdentity", {}, { version: "" })).toBe("MissingParameter");
    expect(await errorCode(emu, "nosuch", "Foo", {}, { version: "2020-01-01" })).toBe("NoSuchProduct");
    expect(await errorCode(emu, "sts", "GetCallerIdentity", {}, { region: "mars-north-1" })).toBe("UnsupportedRegion");
    expect(await errorCode(emu, "sts", "GetCallerIdentity", { Extra: 1 })).toBe("UnknownParameter");
    const put = await fetch(`${emu.url}/`, { method: "PUT", headers: { "X-TC-Action": "GetCallerIdentity" } });
    expect(((await put.json()) as Wire).Response.Error.Code).toBe("UnsupportedProtocol");
  });

  it("GET with form-encoded parameters is signed over the query string", async () => {
    const res = await ok(emu, "sts", "GetCallerIdentity", {}, { method: "GET" });
    expect(res.AccountId).toBe("200000000002");
  });
});
