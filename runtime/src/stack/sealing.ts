import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from "node:crypto";
import { readFileSync } from "node:fs";
import { Secret } from "../secret.js";

/**
 * Secret values in a state file: each sealed on its own with AES-256-GCM (authenticated: a changed
 * byte fails to open, it never decrypts to something else), under a key from a passphrase (scrypt,
 * the salt kept in the state) or a 32-byte key file. Plain values stay readable, so a state can be
 * reviewed and diffed; a secret never reaches the disk in plain text.
 */

/** How a state's key is made: what its file records (never the key). */
export type Encryption = { readonly kdf: "scrypt"; readonly salt: string } | { readonly kdf: "keyFile" };

/** Where the key comes from: SDKGEN_STACK_PASSPHRASE or SDKGEN_STACK_KEY_FILE unless given. */
export interface KeySource {
  readonly passphrase?: string | undefined;
  readonly keyFile?: string | undefined;
}

export interface SealedValue {
  readonly $secret: { readonly iv: string; readonly tag: string; readonly data: string };
}

export class StateKeyError extends Error {
  override name = "StateKeyError";
}

/** The key for a state that records `encryption` (a new state gets a fresh salt). */
/** Whether a passphrase or key file is set, to seal secrets with (without deriving the key). */
export const hasStateKey = (source: KeySource): boolean =>
  [source.keyFile ?? process.env.SDKGEN_STACK_KEY_FILE, source.passphrase ?? process.env.SDKGEN_STACK_PASSPHRASE].some(
    (v) => v !== undefined && v !== "",
  );

export function stateKey(
  source: KeySource,
  recorded: Encryption | undefined,
): { key: Uint8Array; encryption: Encryption } | undefined {
  const passphrase = source.passphrase ?? process.env.SDKGEN_STACK_PASSPHRASE;
  const keyFile = source.keyFile ?? process.env.SDKGEN_STACK_KEY_FILE;
  if (keyFile !== undefined && keyFile !== "") {
    const key = readFileSync(keyFile);
    if (key.length !== 32)
      throw new StateKeyError(`the stack key file ${keyFile} holds ${key.length} bytes; it must hold 32 random bytes`);
    return { key, encryption: { kdf: "keyFile" } };
  }
  if (passphrase === undefined || passphrase === "") return undefined;
  const salt = recorded?.kdf === "scrypt" ? recorded.salt : randomBytes(16).toString("base64");
  return { key: scryptSync(passphrase, Buffer.from(salt, "base64"), 32), encryption: { kdf: "scrypt", salt } };
}

export function seal(value: unknown, key: Uint8Array): SealedValue {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const data = Buffer.concat([cipher.update(JSON.stringify(value), "utf8"), cipher.final()]);
  return {
    $secret: { iv: iv.toString("base64"), tag: cipher.getAuthTag().toString("base64"), data: data.toString("base64") },
  };
}

export function unseal(sealed: SealedValue, key: Uint8Array): Secret<unknown> {
  const { iv, tag, data } = sealed.$secret;
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64"));
  decipher.setAuthTag(Buffer.from(tag, "base64"));
  try {
    const text = Buffer.concat([decipher.update(Buffer.from(data, "base64")), decipher.final()]).toString("utf8");
    return new Secret(JSON.parse(text) as unknown);
  } catch {
    throw new StateKeyError(
      "a secret in the state does not open with this key: wrong passphrase or key file, or the state was changed",
    );
  }
}

export const isSealed = (v: unknown): v is SealedValue =>
  v !== null && typeof v === "object" && "$secret" in v && Object.keys(v).length === 1;
