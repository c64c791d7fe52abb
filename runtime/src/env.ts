/**
 * Environment parsing with the spellings Terraform-style providers accept, so a variable that works
 * with comparable tools works here too.
 */
const TRUE = new Set(["1", "t", "T", "true", "TRUE", "True"]);
const FALSE = new Set(["0", "f", "F", "false", "FALSE", "False"]);

export type Env = Readonly<Record<string, string | undefined>>;

/** The variable's value, or undefined when unset or empty. */
export const getEnv = (env: Env, name: string): string | undefined => {
  const v = env[name];
  return v === undefined || v === "" ? undefined : v;
};

export function parseEnvBoolean(text: string): boolean | undefined {
  return TRUE.has(text) ? true : FALSE.has(text) ? false : undefined;
}

export function parseEnvNumber(text: string): number | undefined {
  const n = Number(text.trim());
  return text.trim() !== "" && Number.isFinite(n) ? n : undefined;
}
