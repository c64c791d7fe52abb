import { readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

/** What a shared-credentials profile supplies (wire reference §3.3). */
export interface ProfileCredentials {
  readonly secretId?: string | undefined;
  readonly secretKey?: string | undefined;
  readonly token?: string | undefined;
  readonly roleArn?: string | undefined;
  readonly roleSessionName?: string | undefined;
  readonly region?: string | undefined;
}

/** `~` and `~/…` expanded against `home`. */
export const expandHome = (path: string, home: string = homedir()): string =>
  path === "~" ? home : path.startsWith("~/") || path.startsWith("~\\") ? join(home, path.slice(2)) : path;

/**
 * The command-line tool's profile: `<dir>/<profile>.credential` (JSON: secretId, secretKey, token,
 * role-arn, role-session-name; strings trimmed) and `<dir>/<profile>.configure` (only
 * `_sys_param.region`). Undefined when the credential file does not exist; a file that is not JSON is
 * an error naming it.
 */
export function readProfile(dir: string, profile: string, home?: string): ProfileCredentials | undefined {
  const base = join(expandHome(dir, home), profile);
  const credential = readJson(`${base}.credential`);
  if (!credential) return undefined;
  const configure = readJson(`${base}.configure`);
  const sys = configure?._sys_param;
  return {
    secretId: text(credential.secretId),
    secretKey: text(credential.secretKey),
    token: text(credential.token),
    roleArn: text(credential["role-arn"]),
    roleSessionName: text(credential["role-session-name"]),
    region: sys && typeof sys === "object" ? text((sys as Record<string, unknown>).region) : undefined,
  };
}

function readJson(path: string): Record<string, unknown> | undefined {
  let content: string;
  try {
    content = readFileSync(path, "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw new Error(`cannot read the profile file ${path}: ${(e as Error).message}`);
  }
  try {
    const v = JSON.parse(content) as unknown;
    if (v && typeof v === "object" && !Array.isArray(v)) return v as Record<string, unknown>;
  } catch {
    // reported below, without the content, which may hold a key
  }
  throw new Error(`the profile file ${path} is not a JSON object`);
}

const text = (v: unknown): string | undefined => (typeof v === "string" && v.trim() !== "" ? v.trim() : undefined);
