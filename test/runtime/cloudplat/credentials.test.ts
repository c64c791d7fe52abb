import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { AccountNotAllowedError } from "../../../runtime/src/cloudplat/credentials/accountCheck.js";
import { credentialIssues } from "../../../runtime/src/cloudplat/credentials/chain.js";
import { queryEscape } from "../../../runtime/src/cloudplat/credentials/sts.js";
import type { CloudplatConfig } from "../../../runtime/src/cloudplat/config.js";
import { CloudplatProvider, type CloudplatProviderOptions } from "../../../runtime/src/cloudplat/provider.js";
import { setLogSink } from "../../../runtime/src/http/log.js";
import { Secret } from "../../../runtime/src/secret.js";
import { terraformConfig } from "../../../runtime/src/terraformConfig.js";
import { ValidationError } from "../../../runtime/src/validate.js";
import { expectedSignature, startStub, type Reply, type Seen } from "./stub.js";

const fast = { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 2, maxRetryAfterMs: 10, budgetMs: 1_000 };
const KEY = "static-secret-key-0000";
const stubs: { close(): Promise<void> }[] = [];
afterEach(async () => {
  setLogSink(undefined);
  await Promise.all(stubs.splice(0).map((s) => s.close()));
});

/** A platform stub: STS actions hand out numbered temporary credentials; other actions answer {}. */
async function platform(clock: { now: number }, extra: (s: Seen) => Reply | undefined = () => undefined) {
  let issued = 0;
  const stub = await startStub((s) => {
    const special = extra(s);
    if (special) return special;
    if (s.url.startsWith("/latest/meta-data/cam/security-credentials/")) {
      issued++;
      return {
        raw: JSON.stringify({
          TmpSecretId: `cam-id-${issued}`,
          TmpSecretKey: `cam-key-${issued}-xyz`,
          Token: `cam-token-${issued}-xyz`,
          ExpiredTime: Math.floor(clock.now / 1000) + 3600,
          Code: "Success",
        }),
      };
    }
    if (["AssumeRole", "AssumeRoleWithSAML", "AssumeRoleWithWebIdentity", "GetSessionToken"].includes(s.action)) {
      issued++;
      return {
        Credentials: {
          TmpSecretId: `tmp-id-${issued}`,
          TmpSecretKey: `tmp-key-${issued}-xyz`,
          Token: `tmp-token-${issued}-xyz`,
        },
        ExpiredTime: Math.floor(clock.now / 1000) + 3600,
        Expiration: "later",
      };
    }
    if (s.action === "GetCallerIdentity") return { AccountId: "100001", Arn: "qcs::cam::uin/100001:uin/100001" };
    return {};
  });
  stubs.push(stub);
  return stub;
}

function provider(
  config: CloudplatConfig,
  url: string,
  clock: { now: number },
  options: CloudplatProviderOptions = {},
) {
  return new CloudplatProvider(config, {
    endpoint: url,
    metadataUrl: url,
    retry: fast,
    rateLimit: false,
    now: () => clock.now,
    env: {},
    ...options,
  });
}

const api = (p: CloudplatProvider) => p.client.call("vpc", "DescribeAddressTemplates");
const sid = (s: Seen) => /Credential=([^/]+)\//.exec(String(s.headers.authorization))?.[1];

describe("credential sources", () => {
  it("static arguments (with a token) sign every request", async () => {
    const clock = { now: Date.now() };
    const stub = await platform(clock);
    const p = provider(
      { secretId: "AKIDstatic", secretKey: new Secret(KEY), securityToken: new Secret("static-token-1") },
      stub.url,
      clock,
    );
    await api(p);
    const s = stub.seen[0]!;
    expect(sid(s)).toBe("AKIDstatic");
    expect(String(s.headers.authorization)).toContain(expectedSignature(s, KEY, "vpc"));
    expect(s.headers["x-tc-token"]).toBe("static-token-1");
    expect(s.headers["x-tc-region"]).toBe("ap-guangzhou");
  });

  it("CLOUDPLAT_* variables through the generated config resolution", async () => {
    const { resolveProviderConfig } = await import("cloudplat");
    const config = resolveProviderConfig(
      {},
      {
        CLOUDPLAT_SECRET_ID: "AKIDenv",
        CLOUDPLAT_SECRET_KEY: KEY,
        CLOUDPLAT_REGION: "ap-beijing",
      },
    ) as unknown as CloudplatConfig;
    const clock = { now: Date.now() };
    const stub = await platform(clock);
    const p = provider(config, stub.url, clock, { home: mkdtempSync(join(tmpdir(), "cp-home-")) });
    await api(p);
    expect(sid(stub.seen[0]!)).toBe("AKIDenv");
    expect(stub.seen[0]!.headers["x-tc-region"]).toBe("ap-beijing");
    expect(p.region).toBe("ap-beijing");
  });

  it("profile files: keys, token and region, with ~ expanded", async () => {
    const home = mkdtempSync(join(tmpdir(), "cp-home-"));
    mkdirSync(join(home, ".tccli"));
    writeFileSync(
      join(home, ".tccli", "work.credential"),
      JSON.stringify({ secretId: " AKIDprofile ", secretKey: "profile-key-123", token: "profile-token-1" }),
    );
    writeFileSync(join(home, ".tccli", "work.configure"), JSON.stringify({ _sys_param: { region: "ap-chengdu" } }));
    const clock = { now: Date.now() };
    const stub = await platform(clock);
    const p = provider({ profile: "work", sharedCredentialsDir: "~/.tccli" }, stub.url, clock, { home });
    await api(p);
    expect(sid(stub.seen[0]!)).toBe("AKIDprofile");
    expect(String(stub.seen[0]!.headers.authorization)).toContain(
      expectedSignature(stub.seen[0]!, "profile-key-123", "vpc"),
    );
    expect(stub.seen[0]!.headers["x-tc-token"]).toBe("profile-token-1");
    expect(p.region).toBe("ap-chengdu");
  });

  it("a profile with role-arn assumes that role, signed with the profile's keys", async () => {
    const dir = mkdtempSync(join(tmpdir(), "cp-profile-"));
    writeFileSync(
      join(dir, "default.credential"),
      JSON.stringify({
        secretId: "AKIDp",
        secretKey: "profile-key-123",
        "role-arn": "qcs::cam::uin/1:roleName/r",
        "role-session-name": "s1",
      }),
    );
    const clock = { now: Date.now() };
    const stub = await platform(clock);
    await api(provider({ sharedCredentialsDir: dir, region: "ap-hongkong" }, stub.url, clock));
    const [sts, call] = stub.seen;
    expect(sts!.action).toBe("AssumeRole");
    expect(sts!.json).toEqual({ RoleArn: "qcs::cam::uin/1:roleName/r", RoleSessionName: "s1", DurationSeconds: 7200 });
    expect(String(sts!.headers.authorization)).toContain(expectedSignature(sts!, "profile-key-123", "sts"));
    expect(sid(call!)).toBe("tmp-id-1");
    expect(call!.headers["x-tc-token"]).toBe("tmp-token-1-xyz");
  });

  it("a profile file that is not JSON is an error naming the file; a missing one means no credentials", async () => {
    const dir = mkdtempSync(join(tmpdir(), "cp-profile-"));
    writeFileSync(join(dir, "bad.credential"), "secretKey = oops-secret");
    const clock = { now: Date.now() };
    expect(() => provider({ sharedCredentialsDir: dir, profile: "bad" }, "http://127.0.0.1:1", clock)).toThrow(
      `the profile file ${join(dir, "bad.credential")} is not a JSON object`,
    );
    expect(() => provider({ sharedCredentialsDir: dir, profile: "none" }, "http://127.0.0.1:1", clock)).toThrow(
      /no credentials: set secretId and secretKey .*none\.credential, camRoleName/,
    );
  });

  it("camRoleName reads the metadata service and renews before expiry", async () => {
    const clock = { now: Date.now() };
    const stub = await platform(clock);
    const p = provider({ camRoleName: "my-role" }, stub.url, clock);
    await api(p);
    await api(p);
    expect(stub.seen.map((s) => s.url)).toEqual(["/latest/meta-data/cam/security-credentials/my-role", "/", "/"]);
    expect(sid(stub.seen[1]!)).toBe("cam-id-1");
    expect(stub.seen[1]!.headers["x-tc-token"]).toBe("cam-token-1-xyz");
    clock.now += 3600_000 - 240_000; // inside the last five minutes
    await api(p);
    expect(stub.seen[3]!.url).toContain("/security-credentials/my-role");
    expect(sid(stub.seen[4]!)).toBe("cam-id-2");
  });

  it("a metadata answer without Code Success is an error naming the role", async () => {
    const clock = { now: Date.now() };
    const stub = await platform(clock, (s) =>
      s.url.startsWith("/latest") ? { raw: JSON.stringify({ Code: "Failed" }) } : undefined,
    );
    await expect(api(provider({ camRoleName: "r2" }, stub.url, clock))).rejects.toThrow(
      /refused the CAM role "r2": Failed/,
    );
  });

  it("assumeRole: signed with the static keys, parameters as the reference sends them, renewed before expiry", async () => {
    const clock = { now: Date.now() };
    const stub = await platform(clock);
    const p = provider(
      {
        secretId: "AKIDbase",
        secretKey: new Secret(KEY),
        assumeRole: {
          roleArn: "arn:r",
          sessionName: "sess",
          sessionDuration: 0,
          policy: '{"a": "b c"}',
          externalId: "ext",
          tokenCode: new Secret("123456"),
        },
      },
      stub.url,
      clock,
    );
    await api(p);
    const sts = stub.seen[0]!;
    expect(sts.action).toBe("AssumeRole");
    expect(sts.json).toEqual({
      RoleArn: "arn:r",
      RoleSessionName: "sess",
      DurationSeconds: 7200,
      Policy: queryEscape('{"a": "b c"}'),
      ExternalId: "ext",
      TokenCode: "123456",
    });
    expect(queryEscape('{"a": "b c"}')).toBe("%7B%22a%22%3A+%22b+c%22%7D");
    expect(sid(sts)).toBe("AKIDbase");
    expect(sid(stub.seen[1]!)).toBe("tmp-id-1");
    clock.now += 1_000_000; // still well before expiry: cached
    await api(p);
    expect(stub.seen.filter((s) => s.action === "AssumeRole")).toHaveLength(1);
    clock.now += 3600_000 - 1_000_000 - 200_000;
    await api(p);
    expect(stub.seen.filter((s) => s.action === "AssumeRole")).toHaveLength(2);
    expect(sid(stub.seen.at(-1)!)).toBe("tmp-id-2");
  });

  it("assumeRoleWithSaml: unsigned, no keys needed", async () => {
    const clock = { now: Date.now() };
    const stub = await platform(clock);
    await api(
      provider(
        {
          assumeRoleWithSaml: {
            samlAssertion: new Secret("PHNhbWw+"),
            principalArn: "p",
            roleArn: "r",
            sessionName: "s",
          },
        },
        stub.url,
        clock,
      ),
    );
    const sts = stub.seen[0]!;
    expect([sts.action, sts.headers.authorization]).toEqual(["AssumeRoleWithSAML", "SKIP"]);
    expect(sts.json).toEqual({
      SAMLAssertion: "PHNhbWw+",
      PrincipalArn: "p",
      RoleArn: "r",
      RoleSessionName: "s",
      DurationSeconds: 7200,
    });
    expect(sid(stub.seen[1]!)).toBe("tmp-id-1");
  });

  it("assumeRoleWithWebIdentity: token and role ARN from their JSON files, inline values winning", async () => {
    const dir = mkdtempSync(join(tmpdir(), "cp-oidc-"));
    writeFileSync(join(dir, "token.json"), JSON.stringify({ web_identity_token: "file-token-abc" }));
    writeFileSync(join(dir, "role.json"), JSON.stringify({ role_arn: "file-role" }));
    const clock = { now: Date.now() };
    const stub = await platform(clock);
    const web = {
      webIdentityTokenFile: join(dir, "token.json"),
      roleArnFile: join(dir, "role.json"),
      sessionName: "s",
      sessionDuration: 900,
    };
    await api(provider({ assumeRoleWithWebIdentity: web }, stub.url, clock));
    expect(stub.seen[0]!.headers.authorization).toBe("SKIP");
    expect(stub.seen[0]!.json).toEqual({
      ProviderId: "OIDC",
      WebIdentityToken: "file-token-abc",
      RoleArn: "file-role",
      RoleSessionName: "s",
      DurationSeconds: 900,
    });
    await api(
      provider(
        {
          assumeRoleWithWebIdentity: {
            ...web,
            webIdentityToken: new Secret("inline-token"),
            roleArn: "inline-role",
            providerId: "idp",
          },
        },
        stub.url,
        clock,
      ),
    );
    expect(stub.seen[2]!.json).toMatchObject({
      ProviderId: "idp",
      WebIdentityToken: "inline-token",
      RoleArn: "inline-role",
    });
  });

  it("mfaCertification: GetSessionToken signed with the keys before it", async () => {
    const clock = { now: Date.now() };
    const stub = await platform(clock);
    await api(
      provider(
        {
          secretId: "AKIDm",
          secretKey: new Secret(KEY),
          mfaCertification: { serialNumber: "qcs::cam:uin/1::mfa/softToken", tokenCode: new Secret("654321") },
        },
        stub.url,
        clock,
      ),
    );
    expect(stub.seen[0]!.action).toBe("GetSessionToken");
    expect(stub.seen[0]!.json).toEqual({
      SerialNumber: "qcs::cam:uin/1::mfa/softToken",
      TokenCode: "654321",
      DurationSeconds: 1800,
    });
    expect(sid(stub.seen[0]!)).toBe("AKIDm");
    expect(sid(stub.seen[1]!)).toBe("tmp-id-1");
  });

  it("enablePodOidc: the TKE variables, the raw token file, the cluster's region", async () => {
    const dir = mkdtempSync(join(tmpdir(), "cp-pod-"));
    writeFileSync(join(dir, "token"), "pod-token-raw\n");
    const clock = { now: 1_700_000_000_000 };
    const stub = await platform(clock);
    const env = {
      TKE_REGION: "ap-nanjing",
      TKE_PROVIDER_ID: "tke-idp",
      TKE_WEB_IDENTITY_TOKEN_FILE: join(dir, "token"),
      TKE_ROLE_ARN: "tke-role",
    };
    await api(provider({ enablePodOidc: true }, stub.url, clock, { env }));
    const sts = stub.seen[0]!;
    expect([sts.action, sts.headers.authorization, sts.headers["x-tc-region"]]).toEqual([
      "AssumeRoleWithWebIdentity",
      "SKIP",
      "ap-nanjing",
    ]);
    expect(sts.json).toEqual({
      ProviderId: "tke-idp",
      WebIdentityToken: "pod-token-raw",
      RoleArn: "tke-role",
      RoleSessionName: "cloudplat-sdk-1700000000000000",
      DurationSeconds: 7200,
    });
  });

  it("a chained exchange signs with the credentials before it (CAM role, then assumeRole)", async () => {
    const clock = { now: Date.now() };
    const stub = await platform(clock);
    await api(provider({ camRoleName: "base", assumeRole: { roleArn: "r", sessionName: "s" } }, stub.url, clock));
    expect(stub.seen.map((s) => s.action || s.url)).toEqual([
      "/latest/meta-data/cam/security-credentials/base",
      "AssumeRole",
      "DescribeAddressTemplates",
    ]);
    expect(sid(stub.seen[1]!)).toBe("cam-id-1");
    expect(String(stub.seen[1]!.headers.authorization)).toContain(
      expectedSignature(stub.seen[1]!, "cam-key-1-xyz", "sts"),
    );
    expect(stub.seen[1]!.headers["x-tc-token"]).toBe("cam-token-1-xyz");
  });
});

describe("account id checks", () => {
  const base = { secretId: "AKIDa", secretKey: new Secret(KEY) };

  it("allows a listed account, once, before the first request", async () => {
    const clock = { now: Date.now() };
    const stub = await platform(clock);
    const p = provider({ ...base, allowedAccountIds: ["100001"] }, stub.url, clock);
    await api(p);
    await api(p);
    expect(stub.seen.map((s) => s.action)).toEqual([
      "GetCallerIdentity",
      "DescribeAddressTemplates",
      "DescribeAddressTemplates",
    ]);
  });

  it("refuses an account not allowed, or forbidden, and sends nothing else", async () => {
    const clock = { now: Date.now() };
    const stub = await platform(clock);
    const notAllowed = provider({ ...base, allowedAccountIds: ["999"] }, stub.url, clock);
    await expect(api(notAllowed)).rejects.toBeInstanceOf(AccountNotAllowedError);
    await expect(api(notAllowed)).rejects.toThrow(
      "cloudplat account ID not allowed: 100001 (not in allowedAccountIds)",
    );
    await expect(api(provider({ ...base, forbiddenAccountIds: ["100001"] }, stub.url, clock))).rejects.toThrow(
      "cloudplat account ID not allowed: 100001 (in forbiddenAccountIds)",
    );
    expect(stub.seen.map((s) => s.action)).toEqual(["GetCallerIdentity", "GetCallerIdentity"]);
  });
});

describe("wrong combinations are refused, naming the fields", () => {
  const saml = { samlAssertion: new Secret("x"), principalArn: "p", roleArn: "r", sessionName: "s" };
  const web = { webIdentityToken: new Secret("t"), roleArn: "r", sessionName: "s" };
  const keys = { secretId: "AKID", secretKey: new Secret(KEY) };
  const cases: [string, CloudplatConfig, RegExp][] = [
    [
      "both account lists",
      { ...keys, allowedAccountIds: ["1"], forbiddenAccountIds: ["2"] },
      /allowedAccountIds conflicts with forbiddenAccountIds/,
    ],
    [
      "allowed list with SAML",
      { allowedAccountIds: ["1"], assumeRoleWithSaml: saml },
      /allowedAccountIds is not supported with assumeRoleWithSaml/,
    ],
    [
      "forbidden list with web identity",
      { forbiddenAccountIds: ["1"], assumeRoleWithWebIdentity: web },
      /forbiddenAccountIds is not supported with assumeRoleWithWebIdentity/,
    ],
    [
      "SAML with web identity",
      { assumeRoleWithSaml: saml, assumeRoleWithWebIdentity: web },
      /assumeRoleWithSaml conflicts with assumeRoleWithWebIdentity/,
    ],
    [
      "pod OIDC with SAML",
      { enablePodOidc: true, assumeRoleWithSaml: saml },
      /assumeRoleWithSaml conflicts with enablePodOidc/,
    ],
    [
      "assumeRole with web identity",
      { ...keys, assumeRole: { roleArn: "r", sessionName: "s" }, assumeRoleWithWebIdentity: web },
      /assumeRole conflicts with assumeRoleWithWebIdentity/,
    ],
    ["secretId without secretKey", { secretId: "AKID" }, /secretId is set but secretKey is not/],
    ["secretKey without secretId", { secretKey: new Secret(KEY) }, /secretKey is set but secretId is not/],
    ["token without keys", { securityToken: new Secret("tok-1234") }, /securityToken needs secretId and secretKey/],
    [
      "web identity without a token",
      { assumeRoleWithWebIdentity: { roleArn: "r", sessionName: "s" } },
      /needs webIdentityToken or webIdentityTokenFile/,
    ],
    [
      "web identity without a role",
      { assumeRoleWithWebIdentity: { webIdentityToken: new Secret("t"), sessionName: "s" } },
      /needs roleArn or roleArnFile/,
    ],
    [
      "pod OIDC without its variables",
      { enablePodOidc: true },
      /enablePodOidc needs the variables TKE_REGION, TKE_PROVIDER_ID, TKE_WEB_IDENTITY_TOKEN_FILE, TKE_ROLE_ARN/,
    ],
    [
      "assumeRole without keys",
      { assumeRole: { roleArn: "r", sessionName: "s" } },
      /assumeRole is signed with existing credentials: set secretId and secretKey, a profile, or camRoleName/,
    ],
    [
      "mfaCertification without keys",
      { mfaCertification: { serialNumber: "n", tokenCode: new Secret("1") } },
      /mfaCertification is signed with existing credentials/,
    ],
    [
      "nothing at all",
      {},
      /no credentials: set secretId and secretKey \(or CLOUDPLAT_SECRET_ID and CLOUDPLAT_SECRET_KEY\)/,
    ],
  ];
  it.each(cases)("%s", (_, config, message) => {
    const empty = mkdtempSync(join(tmpdir(), "cp-none-"));
    let error: unknown;
    try {
      provider({ sharedCredentialsDir: empty, ...config }, "http://127.0.0.1:1", { now: 0 });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain(KEY);
  });

  it("reports every problem at once", () => {
    expect(
      credentialIssues({
        secretId: "x",
        allowedAccountIds: ["1"],
        forbiddenAccountIds: ["2"],
        assumeRoleWithSaml: saml,
      }),
    ).toHaveLength(4);
  });
});

describe("secrets stay out of logs, errors and JSON", () => {
  it("never logs a key, token, assertion or MFA code, and keeps them out of terraformConfig", async () => {
    const lines: string[] = [];
    setLogSink((l) => lines.push(l));
    const clock = { now: Date.now() };
    const stub = await platform(clock, (s) =>
      s.action === "DescribeAddressTemplates"
        ? { Error: { Code: "InvalidParameter", Message: "echo tmp-key-2-xyz tmp-token-2-xyz" } }
        : undefined,
    );
    const config: CloudplatConfig = {
      secretId: "AKIDsecret",
      secretKey: new Secret(KEY),
      securityToken: new Secret("static-token-zz"),
      assumeRole: { roleArn: "r", sessionName: "s", tokenCode: new Secret("112233") },
      mfaCertification: { serialNumber: "n", tokenCode: new Secret("445566") },
    };
    const p = provider(config, stub.url, clock);
    const error = (await api(p).catch((e: unknown) => e)) as Error;
    const secrets = [
      KEY,
      "static-token-zz",
      "112233",
      "445566",
      "tmp-key-1-xyz",
      "tmp-token-1-xyz",
      "tmp-key-2-xyz",
      "tmp-token-2-xyz",
    ];
    const texts = [
      ...lines,
      error.message,
      String(error),
      JSON.stringify(error),
      JSON.stringify(config),
      JSON.stringify(terraformConfig(p.config)),
    ];
    for (const text of texts) for (const s of secrets) expect(text, text).not.toContain(s);
    expect(lines.length).toBeGreaterThan(4);
    expect(terraformConfig(p.config).result).toMatchObject({
      secret_id: "AKIDsecret",
      assume_role: { role_arn: "r", session_name: "s" },
    });
    expect(JSON.stringify(terraformConfig(p.config, { revealSecrets: true }))).toContain(KEY);
  });
});
