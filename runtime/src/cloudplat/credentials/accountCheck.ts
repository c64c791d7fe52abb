import type { CredentialProvider, Credentials } from "./types.js";

/** The account is on the forbidden list, or not on the allowed one (wire reference §3.8). */
export class AccountNotAllowedError extends Error {
  override readonly name = "AccountNotAllowedError";
  constructor(
    readonly accountId: string,
    field: "allowedAccountIds" | "forbiddenAccountIds",
  ) {
    super(
      `cloudplat account ID not allowed: ${accountId} (${field === "allowedAccountIds" ? "not in allowedAccountIds" : "in forbiddenAccountIds"})`,
    );
  }
}

/** Whether an account passes the lists; they are mutually exclusive, so at most one is non-empty. */
export function checkAccountId(
  accountId: string,
  allowed: readonly string[] | undefined,
  forbidden: readonly string[] | undefined,
): void {
  if (allowed?.length && !allowed.includes(accountId)) throw new AccountNotAllowedError(accountId, "allowedAccountIds");
  if (forbidden?.length && forbidden.includes(accountId))
    throw new AccountNotAllowedError(accountId, "forbiddenAccountIds");
}

/**
 * Hands out no credentials until the account behind them has passed the check, which runs once,
 * before the first request (a failure is kept and returned to every caller).
 */
export class AccountCheckedCredentials implements CredentialProvider {
  private checked: Promise<void> | undefined;
  private passed = false;

  constructor(
    private readonly inner: CredentialProvider,
    private readonly check: (signal?: AbortSignal) => Promise<void>,
  ) {}

  current(): Credentials | undefined {
    return this.passed ? this.inner.current() : undefined;
  }

  invalidate(creds: Credentials): boolean {
    return this.inner.invalidate?.(creds) ?? false;
  }

  async credentials(signal?: AbortSignal): Promise<Credentials> {
    this.checked ??= this.check(signal).then(() => void (this.passed = true));
    await this.checked;
    return this.inner.credentials(signal);
  }
}
