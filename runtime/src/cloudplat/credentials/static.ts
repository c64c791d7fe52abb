import type { Secret } from "../../secret.js";
import type { CredentialProvider, Credentials } from "./types.js";

/** Long-lived keys (or a fixed temporary set) given in the configuration or a profile file. */
export class StaticCredentials implements CredentialProvider {
  private readonly value: Credentials;

  constructor(secretId: string, secretKey: Secret<string>, token?: Secret<string>) {
    this.value = { secretId, secretKey, token };
  }

  current(): Credentials {
    return this.value;
  }

  credentials(): Promise<Credentials> {
    return Promise.resolve(this.value);
  }
}
