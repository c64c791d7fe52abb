import type { Secret } from "../secret.js";

/** `assumeRole`: STS AssumeRole signed with the credentials found so far. */
export interface AssumeRoleConfig {
  readonly roleArn: string;
  readonly sessionName: string;
  /** Seconds; 0 or unset means 7200. */
  readonly sessionDuration?: number | undefined;
  readonly policy?: string | undefined;
  readonly externalId?: string | undefined;
  readonly sourceIdentity?: string | undefined;
  readonly serialNumber?: string | undefined;
  readonly tokenCode?: Secret<string> | undefined;
}

/** `assumeRoleWithSaml`: the unsigned STS AssumeRoleWithSAML. */
export interface AssumeRoleWithSamlConfig {
  readonly samlAssertion: Secret<string>;
  readonly principalArn: string;
  readonly roleArn: string;
  readonly sessionName: string;
  readonly sessionDuration?: number | undefined;
}

/** `assumeRoleWithWebIdentity`: the unsigned STS AssumeRoleWithWebIdentity; inline values win over files. */
export interface AssumeRoleWithWebIdentityConfig {
  readonly providerId?: string | undefined;
  readonly webIdentityToken?: Secret<string> | undefined;
  readonly webIdentityTokenFile?: string | undefined;
  readonly roleArn?: string | undefined;
  readonly roleArnFile?: string | undefined;
  readonly sessionName: string;
  readonly sessionDuration?: number | undefined;
}

/** `mfaCertification`: STS GetSessionToken with an MFA code. */
export interface MfaCertificationConfig {
  readonly serialNumber: string;
  readonly tokenCode: Secret<string>;
  /** Seconds; 0 or unset means 1800. */
  readonly durationSeconds?: number | undefined;
}

/**
 * The resolved cloudplat provider configuration, as the generated ProviderConfig holds it (arguments,
 * then CLOUDPLAT_* variables, then defaults, applied by resolveConfig). Fields without a value here
 * take the defaults of the schema.
 */
export interface CloudplatConfig {
  readonly secretId?: string | undefined;
  readonly secretKey?: Secret<string> | undefined;
  readonly securityToken?: Secret<string> | undefined;
  readonly profile?: string | undefined;
  readonly sharedCredentialsDir?: string | undefined;
  readonly camRoleName?: string | undefined;
  readonly assumeRole?: AssumeRoleConfig | undefined;
  readonly assumeRoleWithSaml?: AssumeRoleWithSamlConfig | undefined;
  readonly assumeRoleWithWebIdentity?: AssumeRoleWithWebIdentityConfig | undefined;
  readonly mfaCertification?: MfaCertificationConfig | undefined;
  readonly enablePodOidc?: boolean | undefined;
  readonly allowedAccountIds?: readonly string[] | undefined;
  readonly forbiddenAccountIds?: readonly string[] | undefined;
  readonly region?: string | undefined;
  readonly protocol?: "HTTP" | "HTTPS" | undefined;
  readonly domain?: string | undefined;
  /** One base URL for every service, replacing `<protocol>://<service>.<domain>`. */
  readonly endpoint?: string | undefined;
  readonly cosDomain?: string | undefined;
}
