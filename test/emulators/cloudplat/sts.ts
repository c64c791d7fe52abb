/**
 * STS (`sts`, 2018-08-13; reference §3.5–§3.7): AssumeRole, AssumeRoleWithSAML and AssumeRoleWithWebIdentity (the
 * last two unsigned), GetSessionToken (MFA) and GetCallerIdentity. Roles are any well-formed role ARN of the account.
 */
import type { Ctx, ServiceDef } from "./actions.js";
import { credentialFields, issueTemporary } from "./credentials.js";
import { ApiError, invalidValue } from "./envelope.js";
import type { Params } from "./params.js";
import type { Store } from "./state.js";
import type { Principal } from "./types.js";

export interface StsOptions {
  /** The MFA code GetSessionToken (and AssumeRole with a TokenCode) accepts, once per MFA device. */
  mfaTokenCode: string;
}

/** MFA codes already spent, per device (`<serial> <code>`), per store: `emu.reset()` forgets them with the rest. */
const spentCodes = new WeakMap<Store, Set<string>>();

const ROLE_ARN = /^qcs::cam::uin\/(\d+):role(?:Name)?\/([\w+=,.@-]+)$/;
const MFA_SERIAL = /^qcs::cam:uin\/(\d+)::mfa\/([\w-]+)$/;

function checkRoleArn(ctx: Ctx): void {
  const arn = ctx.p.str("RoleArn");
  const m = ROLE_ARN.exec(arn);
  if (!m) throw invalidValue("RoleArn", arn, "expected qcs::cam::uin/<uin>:roleName/<name>");
  if (m[1] !== ctx.store.options.accountId)
    throw new ApiError("ResourceNotFound.RoleNotExist", `The role \`${arn}\` does not exist.`);
}

function sessionName(p: Params): string {
  const name = p.str("RoleSessionName");
  if (!/^[\w+=,.@-]{2,128}$/.test(name)) throw invalidValue("RoleSessionName", name, "2-128 characters of [\\w+=,.@-]");
  return name;
}

function mfaSerial(p: Params): string {
  const serial = p.str("SerialNumber");
  if (!MFA_SERIAL.test(serial)) throw invalidValue("SerialNumber", serial, "expected qcs::cam:uin/<uin>::mfa/<type>");
  return serial;
}

function duration(p: Params, fallback: number, max: number): number {
  const d = p.optInt("DurationSeconds", { min: 0, max });
  return d === undefined || d === 0 ? fallback : d;
}

function assumed(ctx: Ctx, session: string): Principal {
  const uin = ctx.store.options.accountId;
  const roleId = `4611686018${uin.slice(-8).padStart(8, "0")}`;
  return {
    Arn: `qcs::sts:${uin}:assumed-role/${roleId}/${session}`,
    UserId: roleId,
    PrincipalId: uin,
    Type: "CAMRole",
  };
}

export function stsService(options: StsOptions): ServiceDef {
  /**
   * Checks and spends a one-time MFA code, as the platform does: a wrong code, or one already accepted for the
   * device, is `AuthFailure.MFAFailure`. Called last, so a request refused for another reason spends nothing.
   */
  function spendMfaCode(store: Store, serial: string, code: string): void {
    if (code !== options.mfaTokenCode) throw new ApiError("AuthFailure.MFAFailure", "The MFA token code is invalid.");
    const spent = spentCodes.get(store) ?? new Set<string>();
    spentCodes.set(store, spent);
    if (spent.has(`${serial} ${code}`))
      throw new ApiError("AuthFailure.MFAFailure", "The MFA token code has already been used; wait for a new one.");
    spent.add(`${serial} ${code}`);
  }

  return {
    version: "2018-08-13",
    actions: {
      AssumeRole(ctx) {
        checkRoleArn(ctx);
        const session = sessionName(ctx.p);
        const seconds = duration(ctx.p, 7200, 43200);
        // An MFA code asserts the device it came from: TokenCode needs its SerialNumber.
        const mfa = ctx.p.has("TokenCode") ? { code: ctx.p.str("TokenCode"), serial: mfaSerial(ctx.p) } : undefined;
        ctx.p.accept("Policy", "ExternalId", "Tags", "SourceIdentity", "SerialNumber").done();
        if (mfa) spendMfaCode(ctx.store, mfa.serial, mfa.code);
        return credentialFields(issueTemporary(ctx.store, assumed(ctx, session), seconds));
      },
      AssumeRoleWithSAML(ctx) {
        const assertion = ctx.p.str("SAMLAssertion");
        if (!/^[A-Za-z0-9+/]+={0,2}$/.test(assertion))
          throw invalidValue("SAMLAssertion", "…", "must be a base64-encoded SAML assertion");
        ctx.p.str("PrincipalArn");
        checkRoleArn(ctx);
        const session = sessionName(ctx.p);
        const seconds = duration(ctx.p, 7200, 43200);
        ctx.p.done();
        return credentialFields(issueTemporary(ctx.store, assumed(ctx, session), seconds));
      },
      AssumeRoleWithWebIdentity(ctx) {
        ctx.p.str("ProviderId");
        ctx.p.str("WebIdentityToken");
        checkRoleArn(ctx);
        const session = sessionName(ctx.p);
        const seconds = duration(ctx.p, 7200, 43200);
        ctx.p.done();
        return credentialFields(issueTemporary(ctx.store, assumed(ctx, session), seconds));
      },
      GetSessionToken(ctx) {
        const serial = mfaSerial(ctx.p);
        const code = ctx.p.str("TokenCode");
        const seconds = duration(ctx.p, 1800, 129600);
        ctx.p.done();
        spendMfaCode(ctx.store, serial, code);
        return credentialFields(issueTemporary(ctx.store, ctx.key?.principal ?? ctx.store.rootPrincipal(), seconds));
      },
      GetCallerIdentity(ctx) {
        ctx.p.done();
        const principal = ctx.key?.principal ?? ctx.store.rootPrincipal();
        return { ...principal, AccountId: ctx.store.options.accountId };
      },
    },
  };
}
