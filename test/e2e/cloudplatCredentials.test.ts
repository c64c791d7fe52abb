import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type RetryPolicy } from "@sdkgen/runtime";
import { AccountNotAllowedError, CloudplatError, SessionExpiredError } from "@sdkgen/runtime/cloudplat";
import { getAddressTemplates, Provider, type ProviderArgs } from "cloudplat";
import { startCloudplatEmulator, type CloudplatEmulator } from "../emulators/cloudplat/index.js";
import { seedTemplate } from "./cloudplatKit.js";

// Every credential source of the generated cloudplat SDK against the emulator's real STS actions and metadata
// service: each one proven by a signed lookup the emulator accepted, and by what its request log saw.
let emu: CloudplatEmulator;
// A frozen virtual clock the SDK reads too, so a test can move both past a credential's expiry.
const START = Date.UTC(2026, 0, 15, 9, 0, 0);
beforeEach(async () => {
  emu = await startCloudplatEmulator({ clock: { start: START, speed: 0 } });
});
afterEach(() => emu.stop());

// Retries fast enough that a test waiting on them stays quick.
const FAST: RetryPolicy = { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 5, maxRetryAfterMs: 10, budgetMs: 1_000 };

const provider = (args: ProviderArgs, env: Record<string, string> = {}) =>
  new Provider({ endpoint: emu.url, ...args }, env, {
    metadataUrl: emu.metadataUrl,
    rateLimit: false,
    retry: FAST,
    now: () => emu.clock.now(),
  });

const staticKeys = () => ({ secretId: emu.credentials.secretId, secretKey: emu.credentials.secretKey });
const roleArn = (name = "deployer") => `qcs::cam::uin/${emu.accountId}:roleName/${name}`;

/** A template made with the emulator's own keys, so a lookup has something to find. */
const template = () => seedTemplate(emu, provider(staticKeys()));

/** The lookup through `p` finds the seeded template; the signed request that did it, as the emulator logged it. */
async function provesLookup(p: Provider, id: string) {
  const found = await getAddressTemplates({}, { provider: p });
  expect(found.templateLists.map((t) => t.id)).toEqual([id]);
  const req = emu.state.lastRequest({ action: "DescribeAddressTemplates" })!;
  expect(req.errorCode).toBeNull();
  const auth = String(req.headers["authorization"]);
  const secretId = /Credential=([^/]+)\//.exec(auth)?.[1];
  return { secretId, token: req.headers["x-tc-token"] as string | undefined, region: req.headers["x-tc-region"] };
}

/** A secret id/token the emulator issued as temporary credentials (not its permanent key). */
const temporary = (secretId: string | undefined, token: string | undefined) => {
  expect(secretId).toBeDefined();
  expect(secretId).not.toBe(emu.credentials.secretId);
  expect(emu.state.store.keys.get(secretId!)?.token).toBe(token);
  expect(token).toBeTruthy();
};

const signerOf = (action: string) =>
  /Credential=([^/]+)\//.exec(String(emu.state.lastRequest({ action })?.headers["authorization"]))?.[1];

describe("cloudplat credential sources", () => {
  it("static keys as arguments sign with the permanent key and no token", async () => {
    const id = await template();
    const seen = await provesLookup(provider(staticKeys()), id);
    expect(seen.secretId).toBe(emu.credentials.secretId);
    expect(seen.token).toBeUndefined();
    expect(seen.region).toBe("ap-guangzhou");
  });

  it("CLOUDPLAT_* variables supply the keys, the token of a temporary pair and the region", async () => {
    const id = await template();
    const env = {
      CLOUDPLAT_SECRET_ID: emu.credentials.secretId,
      CLOUDPLAT_SECRET_KEY: emu.credentials.secretKey,
      CLOUDPLAT_REGION: "ap-shanghai",
    };
    await getAddressTemplates({}, { provider: provider({}, env) });
    expect(emu.state.lastRequest({ action: "DescribeAddressTemplates" })?.headers["x-tc-region"]).toBe("ap-shanghai");
    expect(signerOf("DescribeAddressTemplates")).toBe(emu.credentials.secretId);

    // A temporary pair from STS, handed over entirely as variables (CLOUDPLAT_SECURITY_TOKEN included).
    const sts = await provider(staticKeys()).client.call<{
      Credentials: { TmpSecretId: string; TmpSecretKey: string; Token: string };
    }>("sts", "AssumeRole", { RoleArn: roleArn(), RoleSessionName: "env-test" });
    const tmp = sts.Credentials;
    const withToken = await provesLookup(
      provider(
        {},
        {
          CLOUDPLAT_SECRET_ID: tmp.TmpSecretId,
          CLOUDPLAT_SECRET_KEY: tmp.TmpSecretKey,
          CLOUDPLAT_SECURITY_TOKEN: tmp.Token,
        },
      ),
      id,
    );
    expect(withToken.secretId).toBe(tmp.TmpSecretId);
    expect(withToken.token).toBe(tmp.Token);
  });

  it("arguments win over the variables", async () => {
    const id = await template();
    const seen = await provesLookup(
      provider(staticKeys(), { CLOUDPLAT_SECRET_ID: "AKIDnotused", CLOUDPLAT_SECRET_KEY: "not-used" }),
      id,
    );
    expect(seen.secretId).toBe(emu.credentials.secretId);
  });

  it("a profile file in a shared-credentials folder supplies keys and its region, by argument or variable", async () => {
    const id = await template();
    const dir = await mkdtemp(join(tmpdir(), "cloudplat-profile-"));
    // tccli format (wire reference §3.3): JSON, strings trimmed; region from `.configure` `_sys_param.region`.
    await writeFile(
      join(dir, "work.credential"),
      JSON.stringify({ secretId: ` ${emu.credentials.secretId} `, secretKey: emu.credentials.secretKey }),
    );
    await writeFile(join(dir, "work.configure"), JSON.stringify({ _sys_param: { region: "ap-chengdu" } }));
    const seen = await provesLookup(provider({ profile: "work", sharedCredentialsDir: dir }), id);
    expect(seen.secretId).toBe(emu.credentials.secretId);
    expect(seen.token).toBeUndefined();
    expect(seen.region).toBe("ap-chengdu"); // the profile's region, as no region was configured
    // The provider function reports the region the calls use: the profile's here, else the default.
    const fromProfile = provider({ profile: "work", sharedCredentialsDir: dir });
    expect(fromProfile.terraformConfig().result.region).toBe("ap-chengdu");
    expect(provider({ secretId: "AKIDx", secretKey: "k" }).terraformConfig().result.region).toBe("ap-guangzhou");
    const configured = await provesLookup(
      provider({ profile: "work", sharedCredentialsDir: dir, region: "ap-shanghai" }),
      id,
    );
    expect(configured.region).toBe("ap-shanghai"); // a configured region wins over the profile's

    const byEnv = await provesLookup(
      provider({}, { CLOUDPLAT_PROFILE: "work", CLOUDPLAT_SHARED_CREDENTIALS_DIR: dir }),
      id,
    );
    expect(byEnv.secretId).toBe(emu.credentials.secretId);

    // A profile that is not there: no credentials, and the error names the file looked for.
    expect(() => provider({ profile: "absent", sharedCredentialsDir: dir }).check()).toThrow(/absent\.credential/);
  });

  it("a profile with role-arn and role-session-name assumes that role, signed with the profile's keys", async () => {
    const id = await template();
    const dir = await mkdtemp(join(tmpdir(), "cloudplat-profile-"));
    await writeFile(
      join(dir, "default.credential"),
      JSON.stringify({
        secretId: emu.credentials.secretId,
        secretKey: emu.credentials.secretKey,
        "role-arn": roleArn("from-profile"),
        "role-session-name": "profile-session",
      }),
    );
    await writeFile(join(dir, "default.configure"), JSON.stringify({ _sys_param: { region: "ap-chengdu" } }));
    const seen = await provesLookup(provider({ sharedCredentialsDir: dir }), id);
    temporary(seen.secretId, seen.token);
    const assume = emu.state.lastRequest({ action: "AssumeRole" })!;
    expect(signerOf("AssumeRole")).toBe(emu.credentials.secretId);
    // Every call, STS's too, uses the provider's region: here the profile's (wire reference §3.2).
    expect(seen.region).toBe("ap-chengdu");
    expect(assume.headers["x-tc-region"]).toBe("ap-chengdu");
    expect(JSON.parse(assume.body)).toMatchObject({
      RoleArn: roleArn("from-profile"),
      RoleSessionName: "profile-session",
    });
  });

  it("camRoleName takes the instance role's credentials from the metadata service", async () => {
    const id = await template();
    const seen = await provesLookup(provider({ camRoleName: "emulator-cvm-role" }), id);
    temporary(seen.secretId, seen.token);
    expect(emu.state.requests({ service: "metadata" }).length).toBe(1);
    expect(emu.state.temporaryCredentialsIssued()).toBe(1);
    // Cached: further lookups through one provider ask the metadata service nothing more.
    const p = provider({ camRoleName: "emulator-cvm-role" });
    await getAddressTemplates({}, { provider: p });
    await getAddressTemplates({}, { provider: p });
    expect(emu.state.requests({ service: "metadata" }).length).toBe(2); // one per provider, none per call

    // A role the instance does not have: a clear error naming it, no lookup sent.
    emu.state.clearRequests();
    await expect(getAddressTemplates({}, { provider: provider({ camRoleName: "other-role" }) })).rejects.toThrow(
      /CAM role "other-role" \(camRoleName\)/,
    );
    expect(emu.state.requests({ action: "DescribeAddressTemplates" })).toEqual([]);
  });

  it("assumeRole exchanges the static keys for a role's temporary credentials", async () => {
    const id = await template();
    const p = provider({
      ...staticKeys(),
      assumeRole: { roleArn: roleArn(), sessionName: "e2e-session", sessionDuration: 3600, externalId: "ext-1" },
    });
    const seen = await provesLookup(p, id);
    temporary(seen.secretId, seen.token);
    expect(signerOf("AssumeRole")).toBe(emu.credentials.secretId);
    expect(emu.state.lastRequest({ action: "AssumeRole" })?.headers["x-tc-token"]).toBeUndefined();
    expect(JSON.parse(emu.state.lastRequest({ action: "AssumeRole" })!.body)).toEqual({
      RoleArn: roleArn(),
      RoleSessionName: "e2e-session",
      DurationSeconds: 3600,
      ExternalId: "ext-1",
    });
    // Another account's role does not exist: the platform's code in a typed error.
    const err = await getAddressTemplates(
      {},
      {
        provider: provider({
          ...staticKeys(),
          assumeRole: { roleArn: "qcs::cam::uin/999999999999:roleName/x", sessionName: "e2e-session" },
        }),
      },
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CloudplatError);
    expect((err as CloudplatError).code).toBe("ResourceNotFound.RoleNotExist");
    expect((err as CloudplatError).message).toContain("sts/AssumeRole");
  });

  it("an exchange that keeps failing is asked again by its own policy only, not once more per attempt of the call", async () => {
    const p = provider({ ...staticKeys(), assumeRole: { roleArn: roleArn(), sessionName: "e2e-session" } });
    emu.faults.next({ kind: "http", status: 503, action: "AssumeRole", times: 50 });
    await expect(getAddressTemplates({}, { provider: p })).rejects.toThrow("sts/AssumeRole");
    expect(emu.state.requests({ action: "AssumeRole" })).toHaveLength(FAST.maxAttempts);
  });

  it("assumeRoleWithSaml needs no keys: an unsigned AssumeRoleWithSAML", async () => {
    const id = await template();
    const assertion = Buffer.from("<saml:Assertion>e2e</saml:Assertion>").toString("base64");
    const p = provider({
      assumeRoleWithSaml: {
        samlAssertion: assertion,
        principalArn: `qcs::cam::uin/${emu.accountId}:saml-provider/idp`,
        roleArn: roleArn(),
        sessionName: "saml-session",
        sessionDuration: 0,
      },
    });
    const seen = await provesLookup(p, id);
    temporary(seen.secretId, seen.token);
    const req = emu.state.lastRequest({ action: "AssumeRoleWithSAML" })!;
    expect(req.headers["authorization"]).toBe("SKIP");
    expect(JSON.parse(req.body)).toMatchObject({ SAMLAssertion: assertion, DurationSeconds: 7200 });
  });

  it("assumeRoleWithWebIdentity takes the token and role inline, or from their JSON files", async () => {
    const id = await template();
    const inline = await provesLookup(
      provider({
        assumeRoleWithWebIdentity: { webIdentityToken: "oidc-token-inline", roleArn: roleArn(), sessionName: "web-1" },
      }),
      id,
    );
    temporary(inline.secretId, inline.token);
    const req = emu.state.lastRequest({ action: "AssumeRoleWithWebIdentity" })!;
    expect(req.headers["authorization"]).toBe("SKIP");
    expect(JSON.parse(req.body)).toMatchObject({ ProviderId: "OIDC", WebIdentityToken: "oidc-token-inline" });

    const dir = await mkdtemp(join(tmpdir(), "cloudplat-oidc-"));
    await writeFile(join(dir, "token.json"), JSON.stringify({ web_identity_token: "oidc-token-file" }));
    await writeFile(join(dir, "role.json"), JSON.stringify({ role_arn: roleArn("from-file") }));
    const fromFiles = await provesLookup(
      provider({
        assumeRoleWithWebIdentity: {
          providerId: "my-oidc",
          webIdentityTokenFile: join(dir, "token.json"),
          roleArnFile: join(dir, "role.json"),
          sessionName: "web-2",
        },
      }),
      id,
    );
    temporary(fromFiles.secretId, fromFiles.token);
    expect(JSON.parse(emu.state.lastRequest({ action: "AssumeRoleWithWebIdentity" })!.body)).toMatchObject({
      ProviderId: "my-oidc",
      WebIdentityToken: "oidc-token-file",
      RoleArn: roleArn("from-file"),
    });
  });

  it("mfaCertification gets a session token with the MFA code, signed with the keys; a wrong code is refused", async () => {
    const id = await template();
    const serialNumber = `qcs::cam:uin/${emu.accountId}::mfa/softToken`;
    const seen = await provesLookup(
      provider({ ...staticKeys(), mfaCertification: { serialNumber, tokenCode: "123456" } }),
      id,
    );
    temporary(seen.secretId, seen.token);
    expect(signerOf("GetSessionToken")).toBe(emu.credentials.secretId);
    expect(JSON.parse(emu.state.lastRequest({ action: "GetSessionToken" })!.body)).toMatchObject({
      SerialNumber: serialNumber,
      DurationSeconds: 1800,
    });

    const err = await getAddressTemplates(
      {},
      { provider: provider({ ...staticKeys(), mfaCertification: { serialNumber, tokenCode: "654321" } }) },
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CloudplatError);
    expect((err as CloudplatError).code).toBe("AuthFailure.MFAFailure");
    expect(String(err)).not.toContain("654321");
  });

  it("mfaCertification spends its one-time code once: the session is used until it expires, never renewed", async () => {
    const id = await template();
    const serialNumber = `qcs::cam:uin/${emu.accountId}::mfa/softToken`;
    const p = provider({
      ...staticKeys(),
      mfaCertification: { serialNumber, tokenCode: "123456", durationSeconds: 900 },
    });
    const first = await provesLookup(p, id);
    temporary(first.secretId, first.token);
    emu.clock.advance(840_000); // 14 of 15 minutes: where renewable credentials would have been renewed
    const later = await provesLookup(p, id);
    expect(later.secretId).toBe(first.secretId);
    expect(emu.state.requests({ action: "GetSessionToken" })).toHaveLength(1);

    // The emulator, like the platform, refuses a spent code: a renewal could never have worked.
    const reused = await getAddressTemplates(
      {},
      { provider: provider({ ...staticKeys(), mfaCertification: { serialNumber, tokenCode: "123456" } }) },
    ).catch((e: unknown) => e);
    expect((reused as CloudplatError).code).toBe("AuthFailure.MFAFailure");
    expect((reused as CloudplatError).message).toContain("already been used");

    emu.clock.advance(60_000); // the session's 900 s are over
    emu.state.clearRequests();
    const err = await getAddressTemplates({}, { provider: p }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SessionExpiredError);
    const message = (err as Error).message;
    expect(message).toContain(
      `the MFA session from mfaCertification expired at ${new Date(START + 900_000).toISOString()}`,
    );
    expect(message).toContain(
      "a new tokenCode is needed (mfaCertification.tokenCode or CLOUDPLAT_MFA_CERTIFICATION_TOKEN_CODE",
    );
    expect(message).toContain("durationSeconds sets how long a session lasts, up to 129600 seconds");
    expect(emu.state.requests()).toEqual([]); // nothing sent: no renewal with the spent code, no doomed lookup
    const issued = emu.state.store.keys.get(first.secretId!)!;
    for (const text of [message, String(err), JSON.stringify(err), (err as Error).stack ?? ""])
      for (const secret of ["123456", emu.credentials.secretKey, issued.secretKey, issued.token!])
        expect(text).not.toContain(secret);
  });

  it("an MFA session the platform refuses before its expiry ends with the same clear error, the code not resent", async () => {
    const id = await template();
    const serialNumber = `qcs::cam:uin/${emu.accountId}::mfa/softToken`;
    const p = provider({ ...staticKeys(), mfaCertification: { serialNumber, tokenCode: "123456" } });
    await provesLookup(p, id);
    emu.clock.advance(60_000);
    emu.state.expireTemporaryCredentials();
    const err = await getAddressTemplates({}, { provider: p }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SessionExpiredError);
    expect((err as Error).message).toContain(
      `the MFA session from mfaCertification expired at ${new Date(START + 60_000).toISOString()} (the platform refused it with AuthFailure.TokenFailure; its stated expiry: ${new Date(START + 1_800_000).toISOString()})`,
    );
    expect(emu.state.requests({ action: "GetSessionToken" })).toHaveLength(1);
    // One refusal, and the lookup not sent again with credentials known to be refused.
    expect(emu.state.requests({ action: "DescribeAddressTemplates" }).map((r) => r.errorCode)).toEqual([
      null,
      "AuthFailure.TokenFailure",
    ]);
  });

  it("renews temporary credentials once they expire, and the call goes through with the new ones", async () => {
    const id = await template();
    const p = provider({
      ...staticKeys(),
      assumeRole: { roleArn: roleArn(), sessionName: "renew", sessionDuration: 900 },
    });
    const first = await provesLookup(p, id);
    await provesLookup(p, id); // still good: no second exchange
    expect(emu.state.requests({ action: "AssumeRole" })).toHaveLength(1);

    emu.clock.advance(900_000); // the emulator now refuses the first token as expired
    const second = await provesLookup(p, id);
    temporary(second.secretId, second.token);
    expect(second.secretId).not.toBe(first.secretId);
    expect(second.token).not.toBe(first.token);
    expect(emu.state.requests({ action: "AssumeRole" })).toHaveLength(2);
    // Renewed before use, not after a refusal.
    expect(emu.state.requests({ action: "DescribeAddressTemplates" }).map((r) => r.errorCode)).toEqual([
      null,
      null,
      null,
    ]);
  });

  it("renews camRoleName credentials from the metadata service once they expire", async () => {
    const id = await template();
    const p = provider({ camRoleName: "emulator-cvm-role" });
    const first = await provesLookup(p, id);
    emu.clock.advance(7_200_000);
    const second = await provesLookup(p, id);
    temporary(second.secretId, second.token);
    expect(second.secretId).not.toBe(first.secretId);
    expect(emu.state.requests({ service: "metadata" })).toHaveLength(2);
  });

  it("recovers when the emulator expires temporary credentials before their stated expiry", async () => {
    const id = await template();
    const p = provider({ ...staticKeys(), assumeRole: { roleArn: roleArn(), sessionName: "revoked" } });
    const first = await provesLookup(p, id);
    emu.state.expireTemporaryCredentials();
    const second = await provesLookup(p, id);
    temporary(second.secretId, second.token);
    expect(second.secretId).not.toBe(first.secretId);
    expect(emu.state.requests({ action: "AssumeRole" })).toHaveLength(2);
    // One refusal, then the same lookup with the new credentials.
    expect(emu.state.requests({ action: "DescribeAddressTemplates" }).map((r) => r.errorCode)).toEqual([
      null,
      "AuthFailure.TokenFailure",
      null,
    ]);
  });

  it("does not retry a token refusal of static temporary keys: they cannot be renewed", async () => {
    await template();
    const sts = await provider(staticKeys()).client.call<{
      Credentials: { TmpSecretId: string; TmpSecretKey: string; Token: string };
    }>("sts", "AssumeRole", { RoleArn: roleArn(), RoleSessionName: "fixed" });
    const c = sts.Credentials;
    const p = provider({ secretId: c.TmpSecretId, secretKey: c.TmpSecretKey, securityToken: c.Token });
    emu.state.expireTemporaryCredentials();
    const err = await getAddressTemplates({}, { provider: p }).catch((e: unknown) => e);
    expect((err as CloudplatError).code).toBe("AuthFailure.TokenFailure");
    expect(String(err)).not.toContain(c.Token);
    expect(emu.state.requests({ action: "DescribeAddressTemplates" })).toHaveLength(1);
  });

  it("allowedAccountIds and forbiddenAccountIds check the caller's account before the first call", async () => {
    const id = await template();
    await provesLookup(provider({ ...staticKeys(), allowedAccountIds: [emu.accountId, "200000000002"] }), id);
    expect(emu.state.requests({ action: "GetCallerIdentity" })).toHaveLength(1);
    await provesLookup(provider({ ...staticKeys(), forbiddenAccountIds: ["200000000002"] }), id);

    emu.state.clearRequests();
    for (const args of [{ allowedAccountIds: ["200000000002"] }, { forbiddenAccountIds: [emu.accountId] }]) {
      const err = await getAddressTemplates({}, { provider: provider({ ...staticKeys(), ...args }) }).catch(
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(AccountNotAllowedError);
      expect((err as Error).message).toContain(`account ID not allowed: ${emu.accountId}`);
      expect((err as Error).message).toMatch(/allowedAccountIds|forbiddenAccountIds/);
    }
    // Refused before any request but the identity check.
    expect(emu.state.requests({ action: "DescribeAddressTemplates" })).toEqual([]);

    // The check runs with the final credentials: an assumed role of the same account passes.
    await provesLookup(
      provider({
        ...staticKeys(),
        assumeRole: { roleArn: roleArn(), sessionName: "chk" },
        allowedAccountIds: [emu.accountId],
      }),
      id,
    );
    expect(emu.state.lastRequest({ action: "GetCallerIdentity" })?.headers["x-tc-token"]).toBeTruthy();
  });

  it("a wrong secret key or secret id gives the platform's AuthFailure code in a typed error without the key", async () => {
    await template();
    const wrongKey = "wrong-secret-key-0001";
    const err = await getAddressTemplates(
      {},
      { provider: provider({ secretId: emu.credentials.secretId, secretKey: wrongKey }) },
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CloudplatError);
    const e = err as CloudplatError;
    expect(e.code).toBe("AuthFailure.SignatureFailure");
    expect(e.action).toBe("DescribeAddressTemplates");
    expect(e.requestId).toBeTruthy();
    expect(e.message).toContain("vpc/DescribeAddressTemplates failed: AuthFailure.SignatureFailure");
    for (const text of [e.message, String(e), JSON.stringify(e)]) {
      expect(text).not.toContain(wrongKey);
      expect(text).not.toContain(emu.credentials.secretKey);
    }
    // Not retried: a wrong key stays wrong.
    expect(emu.state.requests({ action: "DescribeAddressTemplates" })).toHaveLength(1);

    const unknown = await getAddressTemplates(
      {},
      { provider: provider({ secretId: "AKIDunknown000000000000000000000", secretKey: emu.credentials.secretKey }) },
    ).catch((x: unknown) => x);
    expect((unknown as CloudplatError).code).toBe("AuthFailure.SecretIdNotFound");
  });
});
