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

async function exchange(
  ctx: StsContext,
  action: string,
  params: Record<string, unknown>,
  signer: CredentialProvider | "unsigned",
  secrets: readonly string[],
  signal: AbortSignal | undefined,
  region?: string,
): Promise<Credentials> {
  const response = await ctx.client.call("sts", action, dropUndefined(params), {
    credentials: signer,
    read: true,
    secrets,
    signal,
    region,
  });
  return parseStsCredentials(action, response);
}

const dropUndefined = (o: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

/** AssumeRole, signed with `signer` (the credentials found before it). */
export function assumeRole(ctx: StsContext, signer: CredentialProvider, c: AssumeRoleConfig): RefreshingCredentials {
  return refreshing(ctx, (signal) => {
    const tokenCode = c.tokenCode?.reveal();
    return exchange(
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
      signer,
      tokenCode ? [tokenCode] : [],
      signal,
    );
  });
}

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
      "unsigned",
      [assertion],
      signal,
    );
  });
}

/** Reads a JSON file `{"<key>": "…"}` (the web-identity token and role ARN files), read anew per exchange. */
/** A token read from a file, registered as revealed so every log line and error redacts it. */
const revealed = (value: string): string => new Secret(value).reveal();

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
      "unsigned",
      [token],
      signal,
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
      "unsigned",
      [token],
      signal,
      pod.region,
    );
  });
}

/** GetSessionToken with an MFA code, signed with `signer`. */
export function mfaSession(
  ctx: StsContext,
  signer: CredentialProvider,
  c: MfaCertificationConfig,
): RefreshingCredentials {
  return refreshing(ctx, (signal) => {
    const code = c.tokenCode.reveal();
    return exchange(
      ctx,
      "GetSessionToken",
      { SerialNumber: c.serialNumber, TokenCode: code, DurationSeconds: c.durationSeconds || MFA_SECONDS },
      signer,
      [code],
      signal,
    );
  });
}

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
