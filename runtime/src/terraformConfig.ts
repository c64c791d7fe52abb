import { Secret } from "./secret.js";

/**
 * The provider function `terraformConfig`: the resolved configuration as an object with snake-case
 * keys. Secrets stay wrapped (and so redacted in every printed form) unless `revealSecrets` is set.
 */
export function terraformConfig(
  config: object,
  options: { revealSecrets?: boolean } = {},
): { result: Record<string, unknown> } {
  return { result: snakeKeys(config, options.revealSecrets === true) as Record<string, unknown> };
}

function snakeKeys(value: unknown, reveal: boolean): unknown {
  if (value instanceof Secret) return reveal ? snakeKeys(value.reveal(), reveal) : value;
  if (Array.isArray(value)) return value.map((v) => snakeKeys(v, reveal));
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase(), snakeKeys(v, reveal)]),
  );
}
