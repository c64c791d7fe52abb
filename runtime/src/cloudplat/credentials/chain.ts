import { getEnv, type Env } from "../../env.js";
import { Secret } from "../../secret.js";
import { ValidationError, type ValidationIssue } from "../../validate.js";
import type { AssumeRoleWithWebIdentityConfig, CloudplatConfig } from "../config.js";
import { AccountCheckedCredentials, checkAccountId } from "./accountCheck.js";
import { camRoleCredentials, type MetadataOptions } from "./metadata.js";
import { readProfile } from "./profile.js";
import { StaticCredentials } from "./static.js";
import {
  assumeRole,
  assumeRoleWithSaml,
  assumeRoleWithWebIdentity,
  callerAccountId,
  mfaSession,
  podOidc,
  type PodOidcEnv,
  type StsContext,
} from "./sts.js";
import type { CredentialProvider } from "./types.js";

export interface ChainDeps extends StsContext {
  readonly env?: Env | undefined;
  /** The home folder `~` stands for in sharedCredentialsDir. */
  readonly home?: string | undefined;
  readonly metadata?: MetadataOptions | undefined;
}

const TKE_VARS = ["TKE_REGION", "TKE_PROVIDER_ID", "TKE_WEB_IDENTITY_TOKEN_FILE", "TKE_ROLE_ARN"] as const;

/**
 * The role ARN file variable as the reference provider spells it (wire reference §3.1: `…_ARNN_FILE`,
 * double N). The generated settings read `CLOUDPLAT_ASSUME_ROLE_ARN_FILE`; this spelling is honoured too,
 * so a variable set for the reference provider works here.
 */
export const ROLE_ARN_FILE_VAR = "CLOUDPLAT_ASSUME_ROLE_ARNN_FILE";

/** The variables of AssumeRoleWithSAML from the environment (wire reference §3.2 step 6). */
const SAML_VARS = [
  "CLOUDPLAT_ASSUME_ROLE_SAML_ASSERTION",
  "CLOUDPLAT_ASSUME_ROLE_PRINCIPAL_ARN",
  "CLOUDPLAT_ASSUME_ROLE_ARN",
  "CLOUDPLAT_ASSUME_ROLE_SESSION_NAME",
] as const;

/** `assumeRoleWithWebIdentity` with its role ARN file from ROLE_ARN_FILE_VAR when it names neither ARN nor file. */
function webIdentity(
  web: AssumeRoleWithWebIdentityConfig | undefined,
  env: Env,
): AssumeRoleWithWebIdentityConfig | undefined {
  const file = getEnv(env, ROLE_ARN_FILE_VAR);
  return web && web.roleArn === undefined && web.roleArnFile === undefined && file !== undefined
    ? { ...web, roleArnFile: file }
    : web;
}

const issue = (field: string, message: string): ValidationIssue => ({ path: `cloudplat.${field}`, message });

/** Every wrong combination of credential fields, each message naming the fields. */
export function credentialIssues(c: CloudplatConfig, env: Env = process.env): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const lists = [
    c.allowedAccountIds?.length && "allowedAccountIds",
    c.forbiddenAccountIds?.length && "forbiddenAccountIds",
  ].filter((x): x is string => typeof x === "string");
  const unsigned = [
    c.assumeRoleWithSaml && "assumeRoleWithSaml",
    c.assumeRoleWithWebIdentity && "assumeRoleWithWebIdentity",
    c.enablePodOidc === true && "enablePodOidc",
  ].filter((x): x is string => typeof x === "string");
  if (lists.length === 2)
    issues.push(
      issue("allowedAccountIds", "allowedAccountIds conflicts with forbiddenAccountIds: set only one of them"),
    );
  for (const list of lists)
    for (const u of unsigned.filter((x) => x !== "enablePodOidc"))
      issues.push(issue(list, `${list} is not supported with ${u}: the account check needs signed credentials`));
  for (let i = 0; i < unsigned.length; i++)
    for (const other of unsigned.slice(i + 1))
      issues.push(
        issue(unsigned[i]!, `${unsigned[i]} conflicts with ${other}: set only one way to assume a role without keys`),
      );
  if (c.assumeRole)
    for (const u of unsigned)
      issues.push(
        issue("assumeRole", `assumeRole conflicts with ${u}: ${u} would replace the assumed role's credentials`),
      );
  if (c.secretId !== undefined && c.secretKey === undefined)
    issues.push(issue("secretKey", "secretId is set but secretKey is not (CLOUDPLAT_SECRET_KEY): set both or neither"));
  if (c.secretKey !== undefined && c.secretId === undefined)
    issues.push(issue("secretId", "secretKey is set but secretId is not (CLOUDPLAT_SECRET_ID): set both or neither"));
  if (c.securityToken !== undefined && (c.secretId === undefined || c.secretKey === undefined))
    issues.push(
      issue("securityToken", "securityToken needs secretId and secretKey: it belongs to a temporary key pair"),
    );
  const web = webIdentity(c.assumeRoleWithWebIdentity, env);
  if (web && web.webIdentityToken === undefined && web.webIdentityTokenFile === undefined)
    issues.push(
      issue(
        "assumeRoleWithWebIdentity.webIdentityToken",
        "assumeRoleWithWebIdentity needs webIdentityToken or webIdentityTokenFile (CLOUDPLAT_ASSUME_ROLE_WEB_IDENTITY_TOKEN or _FILE)",
      ),
    );
  if (web && web.roleArn === undefined && web.roleArnFile === undefined)
    issues.push(
      issue(
        "assumeRoleWithWebIdentity.roleArn",
        `assumeRoleWithWebIdentity needs roleArn or roleArnFile (CLOUDPLAT_ASSUME_ROLE_ARN, or ${ROLE_ARN_FILE_VAR} or CLOUDPLAT_ASSUME_ROLE_ARN_FILE)`,
      ),
    );
  // Half a SAML setting in the environment would otherwise be ignored without a word, and the role ARN and
  // session name variables it shares would make a signed AssumeRole instead (the reference provider refuses).
  const samlSet = SAML_VARS.slice(0, 2).filter((v) => getEnv(env, v) !== undefined);
  if (!c.assumeRoleWithSaml && samlSet.length) {
    const missing = SAML_VARS.filter((v) => getEnv(env, v) === undefined);
    if (missing.length)
      issues.push(
        issue(
          "assumeRoleWithSaml",
          `${samlSet.join(" and ")} ${samlSet.length > 1 ? "are" : "is"} set, but AssumeRoleWithSAML from the environment also needs ${missing.join(", ")}`,
        ),
      );
  }
  if (c.enablePodOidc === true) {
    const missing = TKE_VARS.filter((v) => getEnv(env, v) === undefined);
    if (missing.length)
      issues.push(issue("enablePodOidc", `enablePodOidc needs the variables ${missing.join(", ")}, which are not set`));
  }
  return issues;
}

/**
 * The credential chain in the reference provider's order (wire reference §3.2): static keys (arguments
 * or CLOUDPLAT_* variables), else the shared-credentials profile; then the CAM role of the instance;
 * then, each signed with what came before, the profile's role, `assumeRole`, `assumeRoleWithSaml`,
 * `assumeRoleWithWebIdentity`, `mfaCertification` and pod OIDC; then the account check. Temporary
 * credentials are renewed before they expire, except those bought with a one-time MFA code
 * (`mfaCertification`, an `assumeRole` with a tokenCode), which cannot be. Throws ValidationError for a
 * wrong combination.
 */
export function credentialChain(c: CloudplatConfig, deps: ChainDeps): CredentialProvider {
  const env = deps.env ?? process.env;
  const issues = credentialIssues(c, env);
  if (issues.length) throw new ValidationError(issues);
  let current: CredentialProvider | undefined;
  let profileRole: { roleArn: string; sessionName: string } | undefined;
  if (c.secretId !== undefined && c.secretKey !== undefined) {
    current = new StaticCredentials(c.secretId, c.secretKey, c.securityToken);
  } else {
    const dir = c.sharedCredentialsDir ?? "~/.tccli";
    const profile = readProfile(dir, c.profile ?? "default", deps.home);
    if (profile?.secretId && profile.secretKey) {
      current = new StaticCredentials(
        profile.secretId,
        new Secret(profile.secretKey),
        profile.token === undefined ? undefined : new Secret(profile.token),
      );
    }
    if (profile?.roleArn && profile.roleSessionName)
      profileRole = { roleArn: profile.roleArn, sessionName: profile.roleSessionName };
  }
  if (c.camRoleName) current = camRoleCredentials(c.camRoleName, deps.metadata);
  const signer = (field: string): CredentialProvider => {
    if (current) return current;
    throw new ValidationError([
      issue(
        field,
        `${field} is signed with existing credentials: set secretId and secretKey, a profile, or camRoleName`,
      ),
    ]);
  };
  if (profileRole) current = assumeRole(deps, signer("profile"), profileRole);
  if (c.assumeRole) current = assumeRole(deps, signer("assumeRole"), c.assumeRole);
  if (c.assumeRoleWithSaml) current = assumeRoleWithSaml(deps, c.assumeRoleWithSaml);
  const web = webIdentity(c.assumeRoleWithWebIdentity, env);
  if (web) current = assumeRoleWithWebIdentity(deps, web);
  if (c.mfaCertification) current = mfaSession(deps, signer("mfaCertification"), c.mfaCertification);
  if (c.enablePodOidc === true) current = podOidc(deps, podEnv(env));
  if (!current)
    throw new ValidationError([
      issue(
        "secretId",
        `no credentials: set secretId and secretKey (or CLOUDPLAT_SECRET_ID and CLOUDPLAT_SECRET_KEY), a profile file ${c.sharedCredentialsDir ?? "~/.tccli"}/${c.profile ?? "default"}.credential, camRoleName, an assumeRoleWithSaml or assumeRoleWithWebIdentity, or enablePodOidc`,
      ),
    ]);
  if (c.allowedAccountIds?.length || c.forbiddenAccountIds?.length) {
    const inner = current;
    current = new AccountCheckedCredentials(inner, async (signal) =>
      checkAccountId(await callerAccountId(deps, inner, signal), c.allowedAccountIds, c.forbiddenAccountIds),
    );
  }
  return current;
}

/**
 * The region of every call, STS's included (wire reference §3.2): the configured one, else, when no
 * keys are configured (the profile supplies them), the profile's `.configure` region; else undefined.
 */
export function chainRegion(c: CloudplatConfig, deps: Pick<ChainDeps, "home">): string | undefined {
  if (c.region !== undefined) return c.region;
  if (c.secretId !== undefined && c.secretKey !== undefined) return undefined;
  return readProfile(c.sharedCredentialsDir ?? "~/.tccli", c.profile ?? "default", deps.home)?.region;
}

const podEnv = (env: Env): PodOidcEnv => ({
  region: getEnv(env, "TKE_REGION")!,
  providerId: getEnv(env, "TKE_PROVIDER_ID")!,
  tokenFile: getEnv(env, "TKE_WEB_IDENTITY_TOKEN_FILE")!,
  roleArn: getEnv(env, "TKE_ROLE_ARN")!,
});
