import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { AccountNotAllowedError } from "../../../runtime/src/cloudplat/credentials/accountCheck.js";
import { credentialIssues, ROLE_ARN_FILE_VAR } from "../../../runtime/src/cloudplat/credentials/chain.js";
import { SessionExpiredError, SessionNotStartedError } from "../../../runtime/src/cloudplat/credentials/singleUse.js";
import { queryEscape } from "../../../runtime/src/cloudplat/credentials/sts.js";
import type { CloudplatConfig } from "../../../runtime/src/cloudplat/config.js";
import { CloudplatProvider, type CloudplatProviderOptions } from "../../../runtime/src/cloudplat/provider.js";
import { TransportError } from "../../../runtime/src/http/errors.js";
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
  return new CloudplatProvider(
    { endpoint: url, ...config },
    {
      metadataUrl: url,
      retry: fast,
      rateLimit: false,
      now: () => clock.now,
      env: {},
      ...options,
    },
  );
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
    expect(() => provider({ sharedCredentialsDir: dir, profile: "bad" }, "http://127.0.0.1:1", clock).check()).toThrow(
      `the profile file ${join(dir, "bad.credential")} is not a JSON object`,
    );
    expect(() => provider({ sharedCredentialsDir: dir, profile: "none" }, "http://127.0.0.1:1", clock).check()).toThrow(
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
          sourceIdentity: "100002",
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
      SourceIdentity: "100002",
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

describe("one-time MFA codes: a session bought with one is used until it expires, never renewed", () => {
  const keys = { secretId: "AKIDm", secretKey: new Secret(KEY) };
  const CODE = "778899";
  const mfaCertification = { serialNumber: "qcs::cam:uin/1::mfa/softToken", tokenCode: new Secret(CODE) };
  const START = Date.UTC(2026, 0, 15, 9, 0, 0); // the stub's credentials expire an hour later
  const actions = (seen: Seen[]) => seen.map((s) => s.action);
  /** The error's every text form, checked free of the key, the code and the temporary credentials. */
  const noSecrets = (e: Error) => {
    for (const text of [e.message, String(e), JSON.stringify(e), e.stack ?? ""])
      for (const s of [KEY, CODE, "tmp-key-1-xyz", "tmp-token-1-xyz"]) expect(text).not.toContain(s);
  };

  it("mfaCertification: one GetSessionToken; at expiry an error saying the session expired and what to do", async () => {
    const clock = { now: START };
    const stub = await platform(clock);
    const p = provider({ ...keys, mfaCertification }, stub.url, clock);
    await api(p);
    clock.now += 3600_000 - 1_000; // well inside the 300 s in which renewable credentials are renewed
    await api(p);
    expect(actions(stub.seen)).toEqual(["GetSessionToken", "DescribeAddressTemplates", "DescribeAddressTemplates"]);
    expect(sid(stub.seen[2]!)).toBe("tmp-id-1");

    clock.now += 1_000;
    const error = (await api(p).catch((e: unknown) => e)) as SessionExpiredError;
    expect(error).toBeInstanceOf(SessionExpiredError);
    expect(error.message).toMatch(
      /^the MFA session from mfaCertification expired at 2026-01-15T10:00:00\.000Z; MFA codes are single-use, so it is not renewed: a new tokenCode is needed \(mfaCertification\.tokenCode or CLOUDPLAT_MFA_CERTIFICATION_TOKEN_CODE/,
    );
    expect(error.message).toContain("durationSeconds sets how long a session lasts, up to 129600 seconds");
    expect([error.refused, error.endedAt]).toEqual([false, START + 3600_000]);
    noSecrets(error);
    await expect(api(p)).rejects.toBeInstanceOf(SessionExpiredError); // and stays over
    expect(stub.seen).toHaveLength(3); // nothing sent after the expiry: no second GetSessionToken
  });

  it("a refusal before the stated expiry (AuthFailure.TokenFailure) ends the session: no second exchange", async () => {
    const clock = { now: START };
    let refuse = false;
    const stub = await platform(clock, (s) =>
      refuse && s.action === "DescribeAddressTemplates"
        ? { Error: { Code: "AuthFailure.TokenFailure", Message: "The token has expired." } }
        : undefined,
    );
    const p = provider({ ...keys, mfaCertification }, stub.url, clock);
    await api(p);
    refuse = true;
    clock.now += 60_000;
    const error = (await api(p).catch((e: unknown) => e)) as SessionExpiredError;
    expect(error).toBeInstanceOf(SessionExpiredError);
    expect(error.message).toContain(
      "the MFA session from mfaCertification expired at 2026-01-15T09:01:00.000Z (the platform refused it with AuthFailure.TokenFailure; its stated expiry: 2026-01-15T10:00:00.000Z)",
    );
    expect(error.refused).toBe(true);
    noSecrets(error);
    expect(actions(stub.seen)).toEqual(["GetSessionToken", "DescribeAddressTemplates", "DescribeAddressTemplates"]);
  });

  it("assumeRole with a tokenCode: the code is sent once and the role session is not renewed", async () => {
    const clock = { now: START };
    const stub = await platform(clock);
    const assumeRole = { roleArn: "arn:r", sessionName: "s", serialNumber: "qcs::cam:uin/1::mfa/softToken" };
    const p = provider({ ...keys, assumeRole: { ...assumeRole, tokenCode: new Secret(CODE) } }, stub.url, clock);
    await api(p);
    expect(stub.seen[0]!.json).toMatchObject({ SerialNumber: assumeRole.serialNumber, TokenCode: CODE });
    clock.now += 3600_000 - 1_000;
    await api(p);
    clock.now += 1_000;
    const error = (await api(p).catch((e: unknown) => e)) as SessionExpiredError;
    expect(error).toBeInstanceOf(SessionExpiredError);
    expect(error.message).toContain(
      "the role session from assumeRole (assumed with the MFA code assumeRole.tokenCode) expired at 2026-01-15T10:00:00.000Z",
    );
    expect(error.message).toContain("CLOUDPLAT_ASSUME_ROLE_TOKEN_CODE");
    expect(error.message).toContain("up to 43200 seconds");
    noSecrets(error);
    expect(actions(stub.seen)).toEqual(["AssumeRole", "DescribeAddressTemplates", "DescribeAddressTemplates"]);
  });

  it("an exchange whose answer is lost is never sent again: the platform may have taken the code", async () => {
    const clock = { now: START };
    const stub = await platform(clock, (s) => (s.action === "GetSessionToken" ? { drop: true } : undefined));
    const p = provider({ ...keys, mfaCertification }, stub.url, clock);
    const error = (await api(p).catch((e: unknown) => e)) as SessionNotStartedError;
    expect(error).toBeInstanceOf(SessionNotStartedError);
    expect(error.cause).toBeInstanceOf(TransportError);
    expect(error.message).toMatch(
      /^the MFA session from mfaCertification could not be started \(POST sts\/GetSessionToken got no answer: lost the connection to 127\.0\.0\.1:\d+ \(\w+\)\), and the platform may have taken its MFA code, which is single-use and not sent again: a new tokenCode is needed/,
    );
    noSecrets(error);
    await expect(api(p)).rejects.toBe(error);
    // Neither the exchange's retry policy nor the lookup's (a read, retried on lost answers) sent it again.
    expect(actions(stub.seen)).toEqual(["GetSessionToken"]);
  });

  it("an exchange the platform refused without taking the code runs again on a later call", async () => {
    const clock = { now: START };
    let refused = 0;
    const stub = await platform(clock, (s) =>
      s.action === "GetSessionToken" && refused++ === 0
        ? { Error: { Code: "AuthFailure.MFAFailure", Message: "The MFA token code is invalid." } }
        : undefined,
    );
    const p = provider({ ...keys, mfaCertification }, stub.url, clock);
    await expect(api(p)).rejects.toMatchObject({ code: "AuthFailure.MFAFailure" });
    await api(p);
    expect(actions(stub.seen)).toEqual(["GetSessionToken", "GetSessionToken", "DescribeAddressTemplates"]);
  });

  it("concurrent first calls share one GetSessionToken", async () => {
    const clock = { now: START };
    const stub = await platform(clock);
    const p = provider({ ...keys, mfaCertification }, stub.url, clock);
    await Promise.all([api(p), api(p), api(p)]);
    expect(actions(stub.seen).filter((a) => a === "GetSessionToken")).toHaveLength(1);
  });
});

describe("the reference's spelling of the role ARN file variable", () => {
  const web = { webIdentityToken: new Secret("oidc-token-1"), sessionName: "s" };

  it(`${ROLE_ARN_FILE_VAR} gives assumeRoleWithWebIdentity its role when it names no ARN or file`, async () => {
    const dir = mkdtempSync(join(tmpdir(), "cp-arnn-"));
    writeFileSync(join(dir, "env.json"), JSON.stringify({ role_arn: "role-from-env-file" }));
    writeFileSync(join(dir, "arg.json"), JSON.stringify({ role_arn: "role-from-arg-file" }));
    const env = { [ROLE_ARN_FILE_VAR]: join(dir, "env.json") };
    const clock = { now: Date.now() };
    const stub = await platform(clock);
    const roleSent = async (config: CloudplatConfig) => {
      await api(provider(config, stub.url, clock, { env }));
      return stub.seen.filter((s) => s.action === "AssumeRoleWithWebIdentity").at(-1)!.json.RoleArn;
    };
    expect(await roleSent({ assumeRoleWithWebIdentity: web })).toBe("role-from-env-file");
    // A configured file or ARN wins over the variable.
    const fromArgFile = { ...web, roleArnFile: join(dir, "arg.json") };
    expect(await roleSent({ assumeRoleWithWebIdentity: fromArgFile })).toBe("role-from-arg-file");
    expect(await roleSent({ assumeRoleWithWebIdentity: { ...web, roleArn: "inline-role" } })).toBe("inline-role");
  });

  it("without ARN, file or variable the error names all three ways", () => {
    const [only, ...rest] = credentialIssues({ assumeRoleWithWebIdentity: web }, {});
    expect(rest).toEqual([]);
    expect(only?.message).toBe(
      `assumeRoleWithWebIdentity needs roleArn or roleArnFile (CLOUDPLAT_ASSUME_ROLE_ARN, or ${ROLE_ARN_FILE_VAR} or CLOUDPLAT_ASSUME_ROLE_ARN_FILE)`,
    );
    expect(credentialIssues({ assumeRoleWithWebIdentity: web }, { [ROLE_ARN_FILE_VAR]: "/f.json" })).toEqual([]);
  });
});

describe("half a SAML setting in the environment is refused, naming what is missing", () => {
  const keys = { secretId: "AKID", secretKey: new Secret(KEY) };
  const ASSERTION = "PHNhbWw+c2VjcmV0PC9zYW1sPg==";
  const role = { CLOUDPLAT_ASSUME_ROLE_ARN: "r", CLOUDPLAT_ASSUME_ROLE_SESSION_NAME: "s" };
  const cases: [string, Record<string, string>, string][] = [
    [
      "an assertion without a principal",
      { ...role, CLOUDPLAT_ASSUME_ROLE_SAML_ASSERTION: ASSERTION },
      "CLOUDPLAT_ASSUME_ROLE_SAML_ASSERTION is set, but AssumeRoleWithSAML from the environment also needs CLOUDPLAT_ASSUME_ROLE_PRINCIPAL_ARN",
    ],
    [
      "a principal without an assertion",
      { ...role, CLOUDPLAT_ASSUME_ROLE_PRINCIPAL_ARN: "p" },
      "CLOUDPLAT_ASSUME_ROLE_PRINCIPAL_ARN is set, but AssumeRoleWithSAML from the environment also needs CLOUDPLAT_ASSUME_ROLE_SAML_ASSERTION",
    ],
    [
      "both without the role",
      { CLOUDPLAT_ASSUME_ROLE_SAML_ASSERTION: ASSERTION, CLOUDPLAT_ASSUME_ROLE_PRINCIPAL_ARN: "p" },
      "CLOUDPLAT_ASSUME_ROLE_SAML_ASSERTION and CLOUDPLAT_ASSUME_ROLE_PRINCIPAL_ARN are set, but AssumeRoleWithSAML from the environment also needs CLOUDPLAT_ASSUME_ROLE_ARN, CLOUDPLAT_ASSUME_ROLE_SESSION_NAME",
    ],
  ];
  it.each(cases)("%s", (_, env, message) => {
    const issues = credentialIssues({ ...keys, assumeRole: { roleArn: "r", sessionName: "s" } }, env);
    expect(issues).toEqual([{ path: "cloudplat.assumeRoleWithSaml", message }]);
  });

  it("is no issue once assumeRoleWithSaml is configured (the variables then fill it)", () => {
    const saml = { samlAssertion: new Secret(ASSERTION), principalArn: "p", roleArn: "r", sessionName: "s" };
    expect(credentialIssues({ assumeRoleWithSaml: saml }, { CLOUDPLAT_ASSUME_ROLE_SAML_ASSERTION: ASSERTION })).toEqual(
      [],
    );
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
      provider({ sharedCredentialsDir: empty, ...config }, "http://127.0.0.1:1", { now: 0 }).check();
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
