import { readFile } from "node:fs/promises";
import { Secret } from "../../secret.js";
import type { CloudplatClient } from "../client.js";
import type {
  AssumeRoleConfig,
  AssumeRoleWithSamlConfig,
  AssumeRoleWithWebIdentityConfig,
  MfaCertificationConfig,
} from "../config.js";
import { CloudplatError } from "../errors.js";
import { DEFAULT_DOMAIN } from "../services.js";
import { RefreshingCredentials } from "./refreshing.js";
import { SingleUseCredentials, type SessionLabel } from "./singleUse.js";
import type { CredentialProvider, Credentials } from "./types.js";

/** Durations used when 0 or unset (wire reference §3.1, §3.6). */
const ROLE_SECONDS = 7200;
const MFA_SECONDS = 1800;

/** How the STS exchanges reach the service: the client (endpoint, retries) and the clock. */
export interface StsContext {
  readonly client: CloudplatClient;
  readonly now?: (() => number) | undefined;
}

type Exchange = (signal?: AbortSignal) => Promise<Credentials>;

/** `Credentials{TmpSecretId, TmpSecretKey, Token}` and `ExpiredTime` of an STS answer (all required). */
export function parseStsCredentials(action: string, response: Record<string, unknown>): Credentials {
  const c = response.Credentials as Record<string, unknown> | undefined;
  const expired = response.ExpiredTime;
  if (typeof c?.TmpSecretId !== "string" || typeof c.TmpSecretKey !== "string" || typeof c.Token !== "string")
    throw new CloudplatError(
      "sts",
      action,
      "ClientError.MissingCredentials",
      "the answer holds no credentials",
      str(response.RequestId),
    );
  return {
    secretId: c.TmpSecretId,
    secretKey: new Secret(c.TmpSecretKey),
    token: new Secret(c.Token),
    expiresAt: typeof expired === "number" ? expired * 1000 : undefined,
  };
}

const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);

/** Go's url.QueryEscape, which the reference provider applies to the policy (spaces as `+`). */
export const queryEscape = (s: string): string =>
  encodeURIComponent(s)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, "+");

function refreshing(ctx: StsContext, exchange: Exchange): RefreshingCredentials {
  return new RefreshingCredentials(exchange, ctx.now);
}

interface ExchangeOptions {
  readonly signer: CredentialProvider | "unsigned";
  /** Secret parameters, kept out of logs and errors. */
  readonly secrets: readonly string[];
  readonly signal: AbortSignal | undefined;
  /** X-TC-Region of this exchange only. */
  readonly region?: string | undefined;
  /**
   * Whether the exchange spends a one-time MFA code: then it is not repeated where the platform may
   * have taken the code (a lost answer), as the repeat would only be refused.
   */
  readonly spendsCode?: boolean | undefined;
}

async function exchange(
  ctx: StsContext,
  action: string,
  params: Record<string, unknown>,
  o: ExchangeOptions,
): Promise<Credentials> {
  const response = await ctx.client.call("sts", action, dropUndefined(params), {
    credentials: o.signer,
    read: !o.spendsCode,
    once: o.spendsCode === true,
    secrets: o.secrets,
    signal: o.signal,
    region: o.region,
  });
  return parseStsCredentials(action, response);
}

const dropUndefined = (o: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

/**
 * AssumeRole, signed with `signer` (the credentials found before it). With an MFA `tokenCode` the role
 * session is single-use (the code is spent), so it is not renewed.
 */
export function assumeRole(ctx: StsContext, signer: CredentialProvider, c: AssumeRoleConfig): CredentialProvider {
  const tokenCode = c.tokenCode?.reveal();
  const run = (signal?: AbortSignal) =>
    exchange(
      ctx,
      "AssumeRole",
      {
        RoleArn: c.roleArn,
        RoleSessionName: c.sessionName,
        DurationSeconds: c.sessionDuration || ROLE_SECONDS,
        Policy: c.policy === undefined ? undefined : queryEscape(c.policy),
        ExternalId: c.externalId,
        SourceIdentity: c.sourceIdentity,
        SerialNumber: c.serialNumber,
        TokenCode: tokenCode,
      },
      { signer, secrets: tokenCode ? [tokenCode] : [], signal, spendsCode: tokenCode !== undefined },
    );
  return tokenCode === undefined ? refreshing(ctx, run) : new SingleUseCredentials(run, ROLE_WITH_MFA, ctx.now);
}

const ROLE_WITH_MFA: SessionLabel = {
  what: "the role session from assumeRole (assumed with the MFA code assumeRole.tokenCode)",
  remedy:
    "a new tokenCode is needed (assumeRole.tokenCode or " +
    "CLOUDPLAT_ASSUME_ROLE_TOKEN_CODE, in a new provider). assumeRole.sessionDuration sets how long a session " +
    "lasts, up to 43200 seconds",
};

/** AssumeRoleWithSAML: unsigned, no key needed. */
export function assumeRoleWithSaml(ctx: StsContext, c: AssumeRoleWithSamlConfig): RefreshingCredentials {
  return refreshing(ctx, (signal) => {
    const assertion = c.samlAssertion.reveal();
    return exchange(
      ctx,
      "AssumeRoleWithSAML",
      {
        SAMLAssertion: assertion,
        PrincipalArn: c.principalArn,
        RoleArn: c.roleArn,
        RoleSessionName: c.sessionName,
        DurationSeconds: c.sessionDuration || ROLE_SECONDS,
      },
      { signer: "unsigned", secrets: [assertion], signal },
    );
  });
}

/** A token read from a file, registered as revealed so every log line and error redacts it. */
const revealed = (value: string): string => new Secret(value).reveal();

/** Reads a JSON file `{"<key>": "…"}` (the web-identity token and role ARN files), read anew per exchange. */
async function fromJsonFile(path: string, key: string, field: string): Promise<string> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (e) {
    throw new Error(`cannot read ${field} (${path}): ${(e as NodeJS.ErrnoException).code ?? "unreadable"}`);
  }
  let value: unknown;
  try {
    value = (JSON.parse(text) as Record<string, unknown> | null)?.[key];
  } catch {
    // JSON.parse quotes the text in its message, and the text is a token: say only where.
    throw new Error(`${field} (${path}) is not JSON`);
  }
  if (typeof value !== "string" || value === "") throw new Error(`${field} (${path}) holds no "${key}"`);
  return value;
}

/** AssumeRoleWithWebIdentity: unsigned; the token and ARN inline or from their files. */
export function assumeRoleWithWebIdentity(ctx: StsContext, c: AssumeRoleWithWebIdentityConfig): RefreshingCredentials {
  return refreshing(ctx, async (signal) => {
    const token =
      c.webIdentityToken?.reveal() ??
      revealed(
        await fromJsonFile(
          c.webIdentityTokenFile!,
          "web_identity_token",
          "assumeRoleWithWebIdentity.webIdentityTokenFile",
        ),
      );
    const roleArn =
      c.roleArn ?? (await fromJsonFile(c.roleArnFile!, "role_arn", "assumeRoleWithWebIdentity.roleArnFile"));
    return exchange(
      ctx,
      "AssumeRoleWithWebIdentity",
      {
        ProviderId: c.providerId ?? "OIDC",
        WebIdentityToken: token,
        RoleArn: roleArn,
        RoleSessionName: c.sessionName,
        DurationSeconds: c.sessionDuration || ROLE_SECONDS,
      },
      { signer: "unsigned", secrets: [token], signal },
    );
  });
}

/** The managed-Kubernetes pod's identity (wire reference §3.7): the TKE_* variables, a raw token file. */
export interface PodOidcEnv {
  readonly region: string;
  readonly providerId: string;
  readonly tokenFile: string;
  readonly roleArn: string;
}

export function podOidc(ctx: StsContext, pod: PodOidcEnv): RefreshingCredentials {
  return refreshing(ctx, async (signal) => {
    let token: string;
    try {
      token = revealed((await readFile(pod.tokenFile, "utf8")).trim());
    } catch (e) {
      throw new Error(
        `cannot read the pod's token file TKE_WEB_IDENTITY_TOKEN_FILE (${pod.tokenFile}): ${(e as Error).message}`,
      );
    }
    const now = (ctx.now ?? Date.now)();
    return exchange(
      ctx,
      "AssumeRoleWithWebIdentity",
      {
        ProviderId: pod.providerId,
        WebIdentityToken: token,
        RoleArn: pod.roleArn,
        RoleSessionName: `cloudplat-sdk-${now * 1000}`,
        DurationSeconds: ROLE_SECONDS,
      },
      { signer: "unsigned", secrets: [token], signal, region: pod.region },
    );
  });
}

/**
 * GetSessionToken with an MFA code, signed with `signer`: fetched once and never renewed, as the code is
 * single-use (wire reference §3.5, §3.6).
 */
export function mfaSession(ctx: StsContext, signer: CredentialProvider, c: MfaCertificationConfig): CredentialProvider {
  const code = c.tokenCode.reveal();
  const run = (signal?: AbortSignal) =>
    exchange(
      ctx,
      "GetSessionToken",
      { SerialNumber: c.serialNumber, TokenCode: code, DurationSeconds: c.durationSeconds || MFA_SECONDS },
      { signer, secrets: [code], signal, spendsCode: true },
    );
  return new SingleUseCredentials(run, MFA_SESSION, ctx.now);
}

const MFA_SESSION: SessionLabel = {
  what: "the MFA session from mfaCertification",
  remedy:
    "a new tokenCode is needed (mfaCertification.tokenCode or " +
    "CLOUDPLAT_MFA_CERTIFICATION_TOKEN_CODE, in a new provider). mfaCertification.durationSeconds sets how long a " +
    "session lasts, up to 129600 seconds (7200 for a main account)",
};

/** The account of `creds` (GetCallerIdentity, always on the standard root domain, as the reference provider does). */
export async function callerAccountId(
  ctx: StsContext,
  creds: CredentialProvider,
  signal?: AbortSignal,
): Promise<string> {
  const response = await ctx.client.call(
    "sts",
    "GetCallerIdentity",
    {},
    { credentials: creds, domain: DEFAULT_DOMAIN, signal },
  );
  const id = response.AccountId;
  if (typeof id !== "string" || id === "")
    throw new CloudplatError(
      "sts",
      "GetCallerIdentity",
      "ClientError.MissingAccountId",
      "the answer holds no AccountId",
      str(response.RequestId),
    );
  return id;
}
