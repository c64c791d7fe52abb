import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setLogSink, ValidationError, type RetryPolicy } from "@sdkgen/runtime";
import { CloudplatError, SessionExpiredError } from "@sdkgen/runtime/cloudplat";
import { getAddressTemplates, Provider, type ProviderArgs } from "cloudplat";
import { startCloudplatEmulator, type CloudplatEmulator } from "../emulators/cloudplat/index.js";
import { seedTemplate } from "./cloudplatKit.js";

// The credential settings given only through environment variables (wire reference §3.2 step 6, steps 10
// and 12, with CLOUDPLAT_ for TENCENTCLOUD_), through the generated SDK against the emulator's STS: what each
// form sent, that the lookup after it was signed with what STS issued, and where arguments win.
let emu: CloudplatEmulator;
const START = Date.UTC(2026, 0, 15, 9, 0, 0);
const logs: string[] = [];
beforeEach(async () => {
  emu = await startCloudplatEmulator({ clock: { start: START, speed: 0 } });
  logs.length = 0;
  setLogSink((line) => logs.push(line)); // every test's debug log is checked for secrets below
});
afterEach(async () => {
  setLogSink(undefined);
  await emu.stop();
});

const FAST: RetryPolicy = { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 5, maxRetryAfterMs: 10, budgetMs: 1_000 };

// The environment is the Provider's second argument only: the generated Provider hands it to the
// runtime too, so the TKE_* variables, the ARNN_FILE spelling and the SAML checks read it, not process.env.
const provider = (args: ProviderArgs, env: Record<string, string>) =>
  new Provider({ endpoint: emu.url, ...args }, env, { rateLimit: false, retry: FAST, now: () => emu.clock.now() });

const keysEnv = () => ({
  CLOUDPLAT_SECRET_ID: emu.credentials.secretId,
  CLOUDPLAT_SECRET_KEY: emu.credentials.secretKey,
});
const roleArn = (name: string) => `qcs::cam::uin/${emu.accountId}:roleName/${name}`;
const MFA_SERIAL = () => `qcs::cam:uin/${emu.accountId}::mfa/softToken`;
const ASSERTION = Buffer.from("<saml:Assertion>env assertion</saml:Assertion>").toString("base64");

/** A template made with the emulator's own keys, so a lookup has something to find. */
const template = () => seedTemplate(emu, provider({}, keysEnv()));

/**
 * The lookup through `p` finds the seeded template, signed with temporary credentials the emulator issued
 * in answer to `action`; that STS request as logged, and the key that signed the lookup.
 */
async function lookupSignedBy(p: Provider, id: string, action: string) {
  const found = await getAddressTemplates({}, { provider: p });
  expect(found.templateLists.map((t) => t.id)).toEqual([id]);
  const lookup = emu.state.lastRequest({ action: "DescribeAddressTemplates" })!;
  expect(lookup.errorCode).toBeNull();
  const secretId = /Credential=([^/]+)\//.exec(String(lookup.headers["authorization"]))?.[1];
  const key = emu.state.store.keys.get(secretId ?? "");
  expect(key?.token).toBeTruthy(); // a temporary key, not the permanent one
  expect(lookup.headers["x-tc-token"]).toBe(key?.token);
  const sts = emu.state.lastRequest({ action })!;
  expect(sts.errorCode).toBeNull();
  const body = JSON.parse(sts.body) as Record<string, unknown>;
  // Issued by that very exchange: the assumed role's ARN ends with its session name.
  if (typeof body.RoleSessionName === "string")
    expect(key?.principal.Arn).toMatch(new RegExp(`/${body.RoleSessionName}$`));
  return { sts, body, secretId: secretId!, key: key! };
}

/** The TKE_* variables of a pod, its token in a file of a fresh folder. */
async function podEnv(token: string) {
  const dir = await mkdtemp(join(tmpdir(), "cloudplat-tke-"));
  const tokenFile = join(dir, "token");
  await writeFile(tokenFile, `${token}\n`); // raw token, as TKE projects it (reference §3.7)
  const env = {
    TKE_REGION: "ap-shanghai",
    TKE_PROVIDER_ID: "tke-cluster-idp",
    TKE_WEB_IDENTITY_TOKEN_FILE: tokenFile,
    TKE_ROLE_ARN: roleArn("pod-role"),
  };
  return { env, tokenFile };
}

const signer = (req: { headers: Record<string, unknown> }) =>
  /Credential=([^/]+)\//.exec(String(req.headers["authorization"]))?.[1];

describe("role settings from CLOUDPLAT_ASSUME_ROLE_* variables alone", () => {
  it("ARN and session name make an AssumeRole signed with the keys, its optional variables sent", async () => {
    const id = await template();
    const env = {
      ...keysEnv(),
      CLOUDPLAT_ASSUME_ROLE_ARN: roleArn("env-role"),
      CLOUDPLAT_ASSUME_ROLE_SESSION_NAME: "env-session",
      CLOUDPLAT_ASSUME_ROLE_SESSION_DURATION: "3600",
      CLOUDPLAT_ASSUME_ROLE_EXTERNAL_ID: "env-external",
      CLOUDPLAT_ASSUME_ROLE_SOURCE_IDENTITY: "100000000009",
    };
    const { sts, body } = await lookupSignedBy(provider({}, env), id, "AssumeRole");
    expect(signer(sts)).toBe(emu.credentials.secretId);
    expect(body).toEqual({
      RoleArn: roleArn("env-role"),
      RoleSessionName: "env-session",
      DurationSeconds: 3600,
      ExternalId: "env-external",
      SourceIdentity: "100000000009",
    });
    expect(emu.state.requests({ service: "sts" }).map((r) => r.action)).toEqual(["AssumeRole"]);
  });

  it("a session duration of 0 means 7200", async () => {
    const id = await template();
    const env = {
      ...keysEnv(),
      CLOUDPLAT_ASSUME_ROLE_ARN: roleArn("env-role"),
      CLOUDPLAT_ASSUME_ROLE_SESSION_NAME: "zero",
      CLOUDPLAT_ASSUME_ROLE_SESSION_DURATION: "0",
    };
    const { body } = await lookupSignedBy(provider({}, env), id, "AssumeRole");
    expect(body.DurationSeconds).toBe(7200);
  });

  it("with SERIAL_NUMBER and TOKEN_CODE the one-time code is sent once: the role session is not renewed", async () => {
    const id = await template();
    const env = {
      ...keysEnv(),
      CLOUDPLAT_ASSUME_ROLE_ARN: roleArn("mfa-role"),
      CLOUDPLAT_ASSUME_ROLE_SESSION_NAME: "mfa-session",
      CLOUDPLAT_ASSUME_ROLE_SESSION_DURATION: "900",
      CLOUDPLAT_ASSUME_ROLE_SERIAL_NUMBER: MFA_SERIAL(),
      CLOUDPLAT_ASSUME_ROLE_TOKEN_CODE: "123456",
    };
    const p = provider({}, env);
    const { body, secretId } = await lookupSignedBy(p, id, "AssumeRole");
    expect(body).toMatchObject({ SerialNumber: MFA_SERIAL(), TokenCode: "123456", DurationSeconds: 900 });
    emu.clock.advance(840_000); // where renewable credentials would be renewed (5 minutes early)
    expect((await lookupSignedBy(p, id, "AssumeRole")).secretId).toBe(secretId);
    expect(emu.state.requests({ action: "AssumeRole" })).toHaveLength(1);
    // The emulator refuses the spent code, as the platform does.
    const reused = await getAddressTemplates({}, { provider: provider({}, env) }).catch((e: unknown) => e);
    expect((reused as CloudplatError).code).toBe("AuthFailure.MFAFailure");

    emu.clock.advance(60_000);
    const err = await getAddressTemplates({}, { provider: p }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SessionExpiredError);
    expect((err as Error).message).toContain(
      `the role session from assumeRole (assumed with the MFA code assumeRole.tokenCode) expired at ${new Date(START + 900_000).toISOString()}`,
    );
    expect((err as Error).message).toContain("CLOUDPLAT_ASSUME_ROLE_TOKEN_CODE");
    expect(emu.state.requests({ action: "AssumeRole" })).toHaveLength(2); // the original and the refused reuse
  });

  it("SAML assertion and principal ARN make an unsigned AssumeRoleWithSAML: no keys needed", async () => {
    const id = await template();
    const env = {
      CLOUDPLAT_ASSUME_ROLE_ARN: roleArn("saml-role"),
      CLOUDPLAT_ASSUME_ROLE_SESSION_NAME: "saml-session",
      CLOUDPLAT_ASSUME_ROLE_SESSION_DURATION: "1800",
      CLOUDPLAT_ASSUME_ROLE_SAML_ASSERTION: ASSERTION,
      CLOUDPLAT_ASSUME_ROLE_PRINCIPAL_ARN: `qcs::cam::uin/${emu.accountId}:saml-provider/idp`,
    };
    const { sts, body } = await lookupSignedBy(provider({}, env), id, "AssumeRoleWithSAML");
    expect(sts.headers["authorization"]).toBe("SKIP");
    expect(body).toEqual({
      SAMLAssertion: ASSERTION,
      PrincipalArn: `qcs::cam::uin/${emu.accountId}:saml-provider/idp`,
      RoleArn: roleArn("saml-role"),
      RoleSessionName: "saml-session",
      DurationSeconds: 1800,
    });
    expect(emu.state.requests({ service: "sts" }).map((r) => r.action)).toEqual(["AssumeRoleWithSAML"]);
  });

  it("a web identity token makes an unsigned AssumeRoleWithWebIdentity, provider OIDC unless its variable says", async () => {
    const id = await template();
    const env = {
      CLOUDPLAT_ASSUME_ROLE_ARN: roleArn("web-role"),
      CLOUDPLAT_ASSUME_ROLE_SESSION_NAME: "web-session",
      CLOUDPLAT_ASSUME_ROLE_WEB_IDENTITY_TOKEN: "env-oidc-token-1",
    };
    const plain = await lookupSignedBy(provider({}, env), id, "AssumeRoleWithWebIdentity");
    expect(plain.sts.headers["authorization"]).toBe("SKIP");
    expect(plain.body).toEqual({
      ProviderId: "OIDC",
      WebIdentityToken: "env-oidc-token-1",
      RoleArn: roleArn("web-role"),
      RoleSessionName: "web-session",
      DurationSeconds: 7200,
    });
    const named = await lookupSignedBy(
      provider({}, { ...env, CLOUDPLAT_ASSUME_ROLE_PROVIDER_ID: "corp-idp" }),
      id,
      "AssumeRoleWithWebIdentity",
    );
    expect(named.body.ProviderId).toBe("corp-idp");
    expect(emu.state.requests({ action: "AssumeRole" })).toEqual([]);
  });

  it("the token and role from their JSON files, the role file by the reference's CLOUDPLAT_ASSUME_ROLE_ARNN_FILE", async () => {
    const id = await template();
    const dir = await mkdtemp(join(tmpdir(), "cloudplat-env-oidc-"));
    await writeFile(join(dir, "token.json"), JSON.stringify({ web_identity_token: "env-file-token" }));
    await writeFile(join(dir, "role.json"), JSON.stringify({ role_arn: roleArn("file-role") }));
    const env = {
      CLOUDPLAT_ASSUME_ROLE_SESSION_NAME: "file-session",
      CLOUDPLAT_ASSUME_ROLE_WEB_IDENTITY_TOKEN_FILE: join(dir, "token.json"),
      CLOUDPLAT_ASSUME_ROLE_ARNN_FILE: join(dir, "role.json"),
    };
    const { body } = await lookupSignedBy(provider({}, env), id, "AssumeRoleWithWebIdentity");
    expect(body).toMatchObject({
      ProviderId: "OIDC",
      WebIdentityToken: "env-file-token",
      RoleArn: roleArn("file-role"),
      RoleSessionName: "file-session",
    });
  });

  it("SAML and web identity variables together are refused, naming both, before anything is sent", () => {
    const env = {
      CLOUDPLAT_ASSUME_ROLE_ARN: roleArn("r"),
      CLOUDPLAT_ASSUME_ROLE_SESSION_NAME: "s",
      CLOUDPLAT_ASSUME_ROLE_SAML_ASSERTION: ASSERTION,
      CLOUDPLAT_ASSUME_ROLE_PRINCIPAL_ARN: `qcs::cam::uin/${emu.accountId}:saml-provider/idp`,
      CLOUDPLAT_ASSUME_ROLE_WEB_IDENTITY_TOKEN: "env-oidc-token-2",
    };
    const err = (() => {
      try {
        provider({}, env).check();
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(ValidationError);
    expect((err as Error).message).toContain("assumeRoleWithSaml conflicts with cloudplat.assumeRoleWithWebIdentity");
    expect(emu.state.requests()).toEqual([]);
  });

  it("half a SAML setting is refused, naming the missing variable, instead of a silent signed AssumeRole", () => {
    const env = {
      ...keysEnv(),
      CLOUDPLAT_ASSUME_ROLE_ARN: roleArn("r"),
      CLOUDPLAT_ASSUME_ROLE_SESSION_NAME: "s",
      CLOUDPLAT_ASSUME_ROLE_SAML_ASSERTION: ASSERTION,
    };
    expect(() => provider({}, env).check()).toThrow(
      "CLOUDPLAT_ASSUME_ROLE_SAML_ASSERTION is set, but AssumeRoleWithSAML from the environment also needs CLOUDPLAT_ASSUME_ROLE_PRINCIPAL_ARN",
    );
    expect(emu.state.requests()).toEqual([]);
  });
});

describe("MFA from CLOUDPLAT_MFA_CERTIFICATION_* variables alone", () => {
  it("serial number and code make a GetSessionToken signed with the keys; a duration of 0 means 1800", async () => {
    const id = await template();
    const env = {
      ...keysEnv(),
      CLOUDPLAT_MFA_CERTIFICATION_SERIAL_NUMBER: MFA_SERIAL(),
      CLOUDPLAT_MFA_CERTIFICATION_TOKEN_CODE: "123456",
      CLOUDPLAT_MFA_CERTIFICATION_DURATION_SECONDS: "0",
    };
    const { sts, body } = await lookupSignedBy(provider({}, env), id, "GetSessionToken");
    expect(signer(sts)).toBe(emu.credentials.secretId);
    expect(body).toEqual({ SerialNumber: MFA_SERIAL(), TokenCode: "123456", DurationSeconds: 1800 });
  });
});

describe("arguments win over the variables", () => {
  it("assumeRole: each argument over its variable, the variables filling what the arguments leave out", async () => {
    const id = await template();
    const env = {
      ...keysEnv(),
      CLOUDPLAT_ASSUME_ROLE_ARN: roleArn("env-role"),
      CLOUDPLAT_ASSUME_ROLE_EXTERNAL_ID: "env-external",
      CLOUDPLAT_ASSUME_ROLE_SOURCE_IDENTITY: "100000000009",
      CLOUDPLAT_ASSUME_ROLE_SESSION_DURATION: "1200",
    };
    const args = {
      assumeRole: { roleArn: roleArn("arg-role"), sessionName: "arg-session", externalId: "arg-external" },
    };
    const { body } = await lookupSignedBy(provider(args, env), id, "AssumeRole");
    expect(body).toEqual({
      RoleArn: roleArn("arg-role"),
      RoleSessionName: "arg-session",
      DurationSeconds: 1200,
      ExternalId: "arg-external",
      SourceIdentity: "100000000009",
    });
    expect(emu.state.requests({ service: "sts" })).toHaveLength(1);
  });

  it("mfaCertification: the argument's code over the variable's, the duration from its variable", async () => {
    const id = await template();
    const env = {
      ...keysEnv(),
      CLOUDPLAT_MFA_CERTIFICATION_TOKEN_CODE: "999999",
      CLOUDPLAT_MFA_CERTIFICATION_DURATION_SECONDS: "1200",
    };
    const args = { mfaCertification: { serialNumber: MFA_SERIAL(), tokenCode: "123456" } };
    const { body } = await lookupSignedBy(provider(args, env), id, "GetSessionToken");
    expect(body).toEqual({ SerialNumber: MFA_SERIAL(), TokenCode: "123456", DurationSeconds: 1200 });
  });

  it("assumeRoleWithWebIdentity: an inline token over the token file of the variable", async () => {
    const id = await template();
    const dir = await mkdtemp(join(tmpdir(), "cloudplat-env-oidc-"));
    await writeFile(join(dir, "token.json"), JSON.stringify({ web_identity_token: "file-token-not-used" }));
    await writeFile(join(dir, "role.json"), JSON.stringify({ role_arn: roleArn("file-role") }));
    const env = {
      CLOUDPLAT_ASSUME_ROLE_WEB_IDENTITY_TOKEN_FILE: join(dir, "token.json"),
      CLOUDPLAT_ASSUME_ROLE_ARNN_FILE: join(dir, "role.json"),
    };
    const args = { assumeRoleWithWebIdentity: { webIdentityToken: "inline-token-used", sessionName: "arg-web" } };
    const { body } = await lookupSignedBy(provider(args, env), id, "AssumeRoleWithWebIdentity");
    expect(body).toMatchObject({ WebIdentityToken: "inline-token-used", RoleArn: roleArn("file-role") });
  });
});

describe("pod OIDC (enablePodOidc and the TKE_* variables)", () => {
  it("assumes the pod's role with the file's token, unsigned, in the cluster's region; the lookup signs with it", async () => {
    const id = await template();
    const { env } = await podEnv("pod-token-1");
    const { sts, body } = await lookupSignedBy(provider({ enablePodOidc: true }, env), id, "AssumeRoleWithWebIdentity");
    expect(sts.headers["authorization"]).toBe("SKIP");
    expect(sts.headers["x-tc-region"]).toBe("ap-shanghai");
    expect(body).toEqual({
      ProviderId: "tke-cluster-idp",
      WebIdentityToken: "pod-token-1",
      RoleArn: roleArn("pod-role"),
      // <sdk>-<unix microseconds>, as the official SDKs name it (reference §3.7)
      RoleSessionName: `cloudplat-sdk-${START * 1000}`,
      DurationSeconds: 7200,
    });
    // The lookup itself keeps the provider's region.
    expect(emu.state.lastRequest({ action: "DescribeAddressTemplates" })?.headers["x-tc-region"]).toBe("ap-guangzhou");
  });

  it("re-reads the token file (TKE rotates it) on each renewal, and after a refusal", async () => {
    const id = await template();
    const { env, tokenFile } = await podEnv("pod-token-1");
    const p = provider({ enablePodOidc: true }, env);
    const first = await lookupSignedBy(p, id, "AssumeRoleWithWebIdentity");
    await writeFile(tokenFile, "pod-token-2\n");
    emu.clock.advance(6_000_000); // not yet within the 300 s before the 7200 s expiry
    expect((await lookupSignedBy(p, id, "AssumeRoleWithWebIdentity")).secretId).toBe(first.secretId);
    emu.clock.advance(1_000_000);
    const renewed = await lookupSignedBy(p, id, "AssumeRoleWithWebIdentity");
    expect(renewed.secretId).not.toBe(first.secretId);
    expect(renewed.body).toMatchObject({
      WebIdentityToken: "pod-token-2",
      RoleSessionName: `cloudplat-sdk-${(START + 7_000_000) * 1000}`,
    });

    await writeFile(tokenFile, "pod-token-3\n");
    emu.state.expireTemporaryCredentials();
    const refetched = await lookupSignedBy(p, id, "AssumeRoleWithWebIdentity");
    expect(refetched.body.WebIdentityToken).toBe("pod-token-3");
    expect(
      emu.state.requests({ action: "AssumeRoleWithWebIdentity" }).map((r) => JSON.parse(r.body).WebIdentityToken),
    ).toEqual(["pod-token-1", "pod-token-2", "pod-token-3"]);
  });

  it("missing TKE_* variables are an error naming each, before anything is sent", async () => {
    const { env } = await podEnv("pod-token-1");
    const { TKE_REGION, TKE_WEB_IDENTITY_TOKEN_FILE } = env;
    expect(() => provider({ enablePodOidc: true }, { TKE_REGION, TKE_WEB_IDENTITY_TOKEN_FILE }).check()).toThrow(
      "enablePodOidc needs the variables TKE_PROVIDER_ID, TKE_ROLE_ARN, which are not set",
    );
    expect(emu.state.requests()).toEqual([]);
  });
});

describe("secrets of the variable-only forms", () => {
  it("stay out of debug logs, errors and results", async () => {
    const id = await template();
    const errors: unknown[] = [];
    const keep = (e: unknown) => void errors.push(e);
    const results: string[] = [];
    const role = { CLOUDPLAT_ASSUME_ROLE_ARN: roleArn("r"), CLOUDPLAT_ASSUME_ROLE_SESSION_NAME: "leak-check" };
    const webToken = "eyJhbGciOiJSUzI1NiJ9.env-web-identity.sig";
    const mfa = {
      ...keysEnv(),
      CLOUDPLAT_MFA_CERTIFICATION_SERIAL_NUMBER: MFA_SERIAL(),
      CLOUDPLAT_MFA_CERTIFICATION_TOKEN_CODE: "123456",
    };
    const samlEnv = {
      ...role,
      CLOUDPLAT_ASSUME_ROLE_SAML_ASSERTION: ASSERTION,
      CLOUDPLAT_ASSUME_ROLE_PRINCIPAL_ARN: `qcs::cam::uin/${emu.accountId}:saml-provider/idp`,
    };
    const { env: pod } = await podEnv("pod-token-secret-1");
    const mfaProvider = provider({}, mfa);
    for (const p of [
      provider({}, samlEnv),
      provider({}, { ...role, CLOUDPLAT_ASSUME_ROLE_WEB_IDENTITY_TOKEN: webToken }),
      mfaProvider,
      provider({ enablePodOidc: true }, pod),
    ])
      results.push(JSON.stringify(await getAddressTemplates({}, { provider: p })));
    // Refusals: a second use of the MFA code, the MFA session's end, both role forms at once, half a SAML pair.
    await getAddressTemplates({}, { provider: provider({}, mfa) }).catch(keep);
    emu.clock.advance(1_800_000);
    await getAddressTemplates({}, { provider: mfaProvider }).catch(keep);
    for (const env of [
      { ...samlEnv, CLOUDPLAT_ASSUME_ROLE_WEB_IDENTITY_TOKEN: webToken },
      { ...role, CLOUDPLAT_ASSUME_ROLE_SAML_ASSERTION: ASSERTION },
    ])
      try {
        provider({}, env).check();
      } catch (e) {
        keep(e);
      }
    expect(results.every((r) => r.includes(id))).toBe(true);
    expect(errors.map((e) => (e as Error).name)).toEqual([
      "CloudplatError",
      "SessionExpiredError",
      "ValidationError",
      "ValidationError",
    ]);
    const secrets = [
      emu.credentials.secretKey,
      ASSERTION,
      webToken,
      "123456",
      "pod-token-secret-1",
      ...[...emu.state.store.keys.values()].flatMap((k) => (k.token ? [k.secretKey, k.token] : [])),
    ];
    expect(secrets.length).toBeGreaterThan(12);
    expect(logs.length).toBeGreaterThan(10);
    const texts = [
      ...logs,
      ...results,
      ...errors.flatMap((e) => [String(e), (e as Error).message, JSON.stringify(e), (e as Error).stack ?? ""]),
    ];
    for (const s of secrets)
      for (const text of texts) if (text.includes(s)) expect.fail(`a secret (${s.slice(0, 4)}…) leaked into: ${text}`);
  });
});
