/** What tests see of the emulator's insides (`emu.state`): the request log, the store, and a few switches. */
import type { Store } from "./state.js";
import type { LoggedRequest } from "./types.js";

export interface RequestFilter {
  service?: string;
  action?: string | RegExp;
}

export class EmulatorState {
  constructor(private readonly current: () => Store) {}

  /** The live store: every object of every service, for assertions and for seeding. */
  get store(): Store {
    return this.current();
  }

  /** Logged requests, oldest first: raw target, headers (Authorization included), body and answer code. */
  requests(filter: RequestFilter = {}): LoggedRequest[] {
    return this.current().requests.filter((r) => {
      if (filter.service !== undefined && r.service !== filter.service) return false;
      if (filter.action === undefined) return true;
      if (typeof filter.action === "string") return r.action === filter.action;
      filter.action.lastIndex = 0;
      return filter.action.test(r.action);
    });
  }

  lastRequest(filter: RequestFilter = {}): LoggedRequest | undefined {
    return this.requests(filter).at(-1);
  }

  clearRequests(): void {
    this.current().requests.length = 0;
  }

  /** Temporary credentials handed out by STS and the metadata service. */
  temporaryCredentialsIssued(): number {
    return this.current().issued;
  }

  /** Every temporary key stops working now (the next call with one gets `AuthFailure.TokenFailure`). */
  expireTemporaryCredentials(): void {
    const store = this.current();
    for (const key of store.keys.values()) if (key.token !== undefined) key.expiresAt = store.now();
  }

  /** Adds another permanent key pair of the same account. */
  addKey(secretId: string, secretKey: string): void {
    const store = this.current();
    store.keys.set(secretId, { secretId, secretKey, principal: store.rootPrincipal() });
  }

  /** Unexpected exceptions the handlers hit (each was answered `InternalError`). */
  internalErrors(): readonly string[] {
    return this.current().internalErrors;
  }
}
