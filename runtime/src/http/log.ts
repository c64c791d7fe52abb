import { REDACTED, revealedSecrets } from "../secret.js";

/**
 * Debug logging, switched on by SDKGEN_DEBUG=1 (or any non-empty value but "0"). Every line goes
 * through `redact`, so secrets never reach the log whatever the caller passes.
 */
export type LogSink = (line: string) => void;

let sink: LogSink | undefined = debugEnabled() ? (line) => process.stderr.write(`${line}\n`) : undefined;

function debugEnabled(): boolean {
  const v = process.env.SDKGEN_DEBUG;
  return v !== undefined && v !== "" && v !== "0";
}

/** Replaces the log destination (tests capture lines); undefined switches logging off. */
export function setLogSink(next: LogSink | undefined): void {
  sink = next;
}

export const logging = (): boolean => sink !== undefined;

export function debug(message: string, fields: Record<string, unknown> = {}, secrets: readonly string[] = []): void {
  if (!sink) return;
  const body = Object.keys(fields).length ? ` ${JSON.stringify(fields)}` : "";
  sink(redact(`[sdkgen] ${message}${body}`, secrets));
}

const SECRET_HEADERS = /("?(?:authorization|x-tc-token|x-auth-token)"?\s*[:=]\s*"?)([^",}\s][^",}]*)/gi;
const SECRET_KEYS = /("(?:[A-Za-z]*(?:secret|password|token|key|passphrase)[A-Za-z]*)"\s*:\s*")([^"]+)(")/gi;

/**
 * Removes secrets from a log line: the given secret values and every value a Secret has revealed,
 * wherever they appear, authorization-style
 * headers, and values of JSON keys that name a secret (secretKey, access_token, preSharedKey, …).
 */
export function redact(line: string, secrets: readonly string[] = []): string {
  let out = line;
  for (const s of [...secrets, ...revealedSecrets()]) if (s.length >= 4) out = out.split(s).join(REDACTED);
  return out.replace(SECRET_HEADERS, `$1${REDACTED}`).replace(SECRET_KEYS, `$1${REDACTED}$3`);
}
