import type { FieldSpec, ProviderDescriptor, TypeSpec } from "./descriptor.js";
import { getEnv, parseEnvBoolean, parseEnvNumber, type Env } from "./env.js";
import { REDACTED, Secret, toSecret } from "./secret.js";
import { didYouMean } from "./suggest.js";
import { ValidationError, validateInput, type ValidationIssue } from "./validate.js";

/**
 * Resolves provider configuration: each field from the argument, then its environment variable,
 * then its default, recursively inside configuration objects. Secrets come back wrapped in Secret.
 * Throws ValidationError listing every problem at once, naming arguments and variables.
 */
export function resolveConfig(
  d: ProviderDescriptor,
  args: object = {},
  env: Env = process.env,
): Record<string, unknown> {
  if (typeof args !== "object" || args === null || Array.isArray(args))
    throw new ValidationError([
      {
        path: d.name,
        message: `${d.name} provider arguments must be an object of settings (got ${args === null ? "null" : Array.isArray(args) ? "a list" : typeof args})`,
      },
    ]);
  const issues: ValidationIssue[] = [];
  const given = args as Readonly<Record<string, unknown>>;
  for (const key of Object.keys(given))
    if (!Object.hasOwn(d.config, key))
      issues.push({
        path: `${d.name}.${key}`,
        message: `${d.name}.${key} is not a provider setting${didYouMean(key, Object.keys(d.config))}`,
      });
  const envIssues: ValidationIssue[] = [];
  const fromVariables = new Map<string, string>();
  const resolved = resolveFields(d.name, d.config, given, env, { issues: envIssues, fromVariables });
  const badFromEnv = new Set(envIssues.map((i) => i.path));
  for (const issue of validateInput(d.name, d.config, resolved)) {
    if ([...badFromEnv].some((p) => within(issue.path, p))) continue;
    const variable = [...fromVariables].find(([p]) => within(issue.path, p))?.[1];
    const source = variable ? `, read from ${variable}` : envHint(d, issue);
    issues.push({ ...issue, message: issue.message + source });
  }
  issues.push(...envIssues);
  if (issues.length > 0) throw new ValidationError(issues);
  return resolved;
}

/** Whether an issue's path is `path` or inside it. */
const within = (issuePath: string, path: string): boolean =>
  issuePath === path || issuePath.startsWith(`${path}.`) || issuePath.startsWith(`${path}[`);

/** ": pass it as an argument or set X" for a missing field that has a variable, at any depth. */
function envHint(d: ProviderDescriptor, issue: ValidationIssue): string {
  if (!issue.message.endsWith("is required")) return "";
  let fields: Readonly<Record<string, FieldSpec>> | undefined = d.config;
  let spec: FieldSpec | undefined;
  for (const name of issue.path.split(".").slice(1)) {
    spec = fields?.[name];
    fields = spec?.type.kind === "object" && spec.type.object.kind === "object" ? spec.type.object.fields : undefined;
  }
  return spec?.env ? `: pass it as an argument or set ${spec.env}` : "";
}

/** What resolving found besides values: bad variables, and the variable each value came from (by path). */
interface Found {
  readonly issues: ValidationIssue[];
  readonly fromVariables: Map<string, string>;
}

function resolveFields(
  path: string,
  fields: Readonly<Record<string, FieldSpec>>,
  args: Readonly<Record<string, unknown>>,
  env: Env,
  found: Found,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const fromEnvObjects = objectsFromEnv(fields, args, env);
  for (const [name, spec] of Object.entries(fields)) {
    const p = `${path}.${name}`;
    let value = args[name] ?? (fromEnvObjects.has(name) ? {} : fromEnv(p, spec, env, found));
    if (value === undefined && spec.default !== undefined) value = structuredClone(spec.default);
    if (value !== undefined && spec.type.kind === "object" && spec.type.object.kind === "object" && isRecord(value))
      value = resolveFields(p, spec.type.object.fields, value, env, found);
    if (value !== undefined) out[name] = spec.type.secret && !(value instanceof Secret) ? toSecret(value) : value;
  }
  return out;
}

/**
 * The object fields (not given as arguments) to build from the environment. An object qualifies when
 * some of its variables are set and every required field's variable is. Variables may be shared
 * between objects (a role ARN serves three role settings), so:
 * - the variables of an object given as an argument are its own: no other object is built on a
 *   required variable of it;
 * - a variable of a field with a default (a provider id, a duration) does not by itself make an object
 *   wanted;
 * - the most specific object wins: one is dropped when another qualifies with a superset of its
 *   variables set, or the same set while requiring more of them.
 */
function objectsFromEnv(
  fields: Readonly<Record<string, FieldSpec>>,
  args: Readonly<Record<string, unknown>>,
  env: Env,
): Set<string> {
  const objectFields = (spec: FieldSpec) =>
    spec.type.kind === "object" && spec.type.object.kind === "object" ? Object.values(spec.type.object.fields) : [];
  const claimed = new Set(
    Object.entries(fields)
      .filter(([name]) => args[name] !== undefined)
      .flatMap(([, spec]) => objectFields(spec).flatMap((f) => (f.env === undefined ? [] : [f.env]))),
  );
  const candidates = new Map<string, { set: Set<string>; required: number }>();
  for (const [name, spec] of Object.entries(fields)) {
    const nested = objectFields(spec);
    if (args[name] !== undefined || nested.length === 0) continue;
    const isSet = (f: FieldSpec) => f.env !== undefined && getEnv(env, f.env) !== undefined;
    const required = nested.filter((f) => f.mode === "required");
    const telling = nested.filter((f) => isSet(f) && f.default === undefined);
    if (telling.length && required.every(isSet) && !required.some((f) => claimed.has(f.env!)))
      candidates.set(name, { set: new Set(telling.map((f) => f.env!)), required: required.length });
  }
  const covers = (a: Set<string>, b: Set<string>) => [...b].every((v) => a.has(v));
  return new Set(
    [...candidates]
      .filter(
        ([name, x]) =>
          ![...candidates].some(
            ([other, y]) =>
              other !== name && covers(y.set, x.set) && (y.set.size > x.set.size || y.required > x.required),
          ),
      )
      .map(([name]) => name),
  );
}

function fromEnv(path: string, spec: FieldSpec, env: Env, found: Found): unknown {
  if (!spec.env) return undefined;
  const text = getEnv(env, spec.env);
  if (text === undefined) return undefined;
  const value = parseEnv(spec.type, text);
  if (value !== undefined) found.fromVariables.set(path, spec.env);
  else {
    const shown = spec.type.secret ? REDACTED : JSON.stringify(text);
    const badItem =
      spec.type.kind === "list" && !spec.type.secret
        ? text
            .split(",")
            .map((s) => s.trim())
            .find((s) => s && parseEnv((spec.type as { items: TypeSpec }).items, s) === undefined)
        : undefined;
    found.issues.push({
      path,
      message: `${spec.env} must be ${expected(spec.type)} (got ${shown}${badItem !== undefined ? `; item ${JSON.stringify(badItem)} is not` : ""}), for ${path}`,
    });
  }
  return value;
}

/** The typed value of a variable's text, or undefined when it does not parse (any list item included). */
function parseEnv(type: TypeSpec, text: string): unknown {
  switch (type.kind) {
    case "boolean":
      return parseEnvBoolean(text);
    case "number":
    case "integer":
      return parseEnvNumber(text);
    case "list": {
      const items = text
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean)
        .map((s) => parseEnv(type.items, s));
      return items.includes(undefined) ? undefined : items;
    }
    default:
      return text;
  }
}

const expected = (type: TypeSpec): string =>
  type.kind === "boolean"
    ? "true or false (also 1/0, t/f)"
    : type.kind === "number" || type.kind === "integer"
      ? "a number"
      : type.kind === "list"
        ? `a comma-separated list, each item ${expected(type.items)}`
        : `a ${type.kind}`;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof Secret);
