import { bounded, MAX_MESSAGE } from "../bounded.js";
import { REDACTED, revealedSecrets } from "../secret.js";

/**
 * A provider's logger, shaped as the AWS SDK v3 takes one (`console` fits): any of the four functions
 * may be left out. Each gets one line of text, already redacted.
 */
export interface Logger {
  debug?(message: string): void;
  info?(message: string): void;
  warn?(message: string): void;
  error?(message: string): void;
}

export type LogLevel = keyof Logger;

/**
 * Debug logging of every provider, switched on by SDKGEN_DEBUG=1 (or any non-empty value but "0"):
 * every line at every level, to stderr.
 */
export type LogSink = (line: string) => void;

let sink: LogSink | undefined = debugEnabled() ? (line) => process.stderr.write(`${line}\n`) : undefined;

function debugEnabled(): boolean {
  const v = process.env.SDKGEN_DEBUG;
  return v !== undefined && v !== "" && v !== "0";
}

/** Replaces the SDKGEN_DEBUG destination (tests capture lines); undefined switches it off. */
export function setLogSink(next: LogSink | undefined): void {
  sink = next;
}

/**
 * Where one provider's lines go: its own logger and the SDKGEN_DEBUG sink. Every line goes through
 * `redact` first, so secrets reach neither, whatever the caller passes. Requests and answers are
 * logged at debug, retries at info.
 */
export class Log {
  constructor(private readonly logger?: Logger | undefined) {}

  /** Whether a line at `level` would go anywhere: building one costs, and requests check on every call. */
  enabled(level: LogLevel = "debug"): boolean {
    return sink !== undefined || typeof this.logger?.[level] === "function";
  }

  write(level: LogLevel, message: string, fields: Record<string, unknown> = {}, secrets: readonly string[] = []): void {
    if (!this.enabled(level)) return;
    const body = Object.keys(fields).length ? ` ${JSON.stringify(fields)}` : "";
    // Redacted before the cut, which could otherwise leave part of a secret no longer matched.
    const line = bounded(redact(`[sdkgen] ${message}${body}`, secrets), MAX_MESSAGE);
    sink?.(line);
    // Called as a method: loggers such as pino's need their `this`.
    this.logger?.[level]?.(line);
  }
}

const SECRET_HEADERS = /("?(?:authorization|x-tc-token|x-auth-token)"?\s*[:=]\s*"?)([^",}\s][^",}]*)/gi;
const SECRET_KEYS = /("(?:[A-Za-z]*(?:secret|password|token|key|passphrase)[A-Za-z]*)"\s*:\s*")([^"]+)(")/gi;

/**
 * Removes secrets from a log line: the given secret values and every value a Secret has revealed,
 * wherever they appear, as they are or as JSON writes them; authorization-style headers, and values
 * of JSON keys that name a secret (secretKey, access_token, preSharedKey, …).
 */
export function redact(line: string, secrets: readonly string[] = []): string {
  let out = line;
  for (const s of [...secrets, ...revealedSecrets()])
    if (s.length >= 4) for (const form of printedForms(s)) out = out.split(form).join(REDACTED);
  return out.replace(SECRET_HEADERS, `$1${REDACTED}`).replace(SECRET_KEYS, `$1${REDACTED}$3`);
}

/**
 * A secret as text may hold it, most escaped first: JSON-escaped twice (a request body logged inside
 * a JSON line), once (a body, or a service echoing one), and as it is. A licence's line breaks or a
 * quote change its escaped forms, which would otherwise pass.
 */
function printedForms(secret: string): string[] {
  const once = JSON.stringify(secret).slice(1, -1);
  if (once === secret) return [secret];
  return [JSON.stringify(once).slice(1, -1), once, secret];
}
