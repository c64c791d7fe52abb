import type { CloudplatRequestValue } from "./operations.js";

const ONE = /^\{([A-Za-z][A-Za-z0-9]*)\}$/;
const ANY = /\{([A-Za-z][A-Za-z0-9]*)\}/g;

/**
 * A request's fixed part with its placeholders filled from `values` (`{id}`, `{serviceId}`): a string
 * that is one placeholder becomes the value itself, other strings have each placeholder replaced.
 * `missing` is told every placeholder `values` has no value for (and decides what that means).
 */
export function fillRequest(
  template: Readonly<Record<string, CloudplatRequestValue>> | undefined,
  values: Readonly<Record<string, unknown>>,
  missing: (name: string) => never,
): Record<string, unknown> {
  const value = (name: string) => {
    const v = values[name];
    return v === undefined || v === null || v === "" ? missing(name) : v;
  };
  const fill = (t: CloudplatRequestValue): unknown => {
    if (typeof t === "string") {
      const one = ONE.exec(t);
      return one ? value(one[1]!) : t.replace(ANY, (_, name: string) => String(value(name)));
    }
    if (Array.isArray(t)) return t.map(fill);
    if (typeof t === "object") return Object.fromEntries(Object.entries(t).map(([k, v]) => [k, fill(v)]));
    return t;
  };
  return Object.fromEntries(Object.entries(template ?? {}).map(([k, v]) => [k, fill(v)]));
}

/** The names a request template's placeholders name, in order, each once. */
export function placeholders(template: unknown): string[] {
  return [...new Set([...JSON.stringify(template ?? {}).matchAll(ANY)].map((m) => m[1]!))];
}
