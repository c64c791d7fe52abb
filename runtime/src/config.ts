import type { FieldSpec, ProviderDescriptor, TypeSpec } from "./descriptor.js";
import { getEnv, parseEnvBoolean, parseEnvNumber, type Env } from "./env.js";
import { Secret, toSecret } from "./secret.js";
import { ValidationError, validateInput, type ValidationIssue } from "./validate.js";

/**
 * Resolves provider configuration: each field from the argument, then its environment variable,
 * then its default, recursively inside configuration objects. Secrets come back wrapped in Secret.
 * Throws ValidationError listing every problem, naming the argument and the variable.
 */
export function resolveConfig(d: ProviderDescriptor, args: object = {}, env: Env = process.env): Record<string, unknown> {
  const issues: ValidationIssue[] = [];
  const resolved = resolveFields(d.name, d.config, args as Readonly<Record<string, unknown>>, env, issues);
  if (issues.length === 0) {
    for (const issue of validateInput(d.name, d.config, resolved)) {
      const field = d.config[issue.path.split(".")[1] ?? ""];
      const hint = field?.mode === "required" && issue.message.endsWith("is required") && field.env ? `: pass it as an argument or set ${field.env}` : "";
      issues.push({ ...issue, message: issue.message + hint });
    }
  }
  if (issues.length > 0) throw new ValidationError(issues);
  return resolved;
}

function resolveFields(path: string, fields: Readonly<Record<string, FieldSpec>>, args: Readonly<Record<string, unknown>>, env: Env, issues: ValidationIssue[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(fields)) {
    const p = `${path}.${name}`;
    let value = args[name] ?? fromEnv(p, spec, env, issues);
    if (value === undefined && spec.default !== undefined) value = structuredClone(spec.default);
    if (value !== undefined && spec.type.kind === "object" && spec.type.object.kind === "object" && isRecord(value))
      value = resolveFields(p, spec.type.object.fields, value, env, issues);
    if (value !== undefined) out[name] = spec.type.secret && !(value instanceof Secret) ? toSecret(value) : value;
  }
  return out;
}

/**
 * A field's value from its variable. An object field is built from the environment when every one of
 * its required fields has a variable that is set (variables shared between objects, such as a role
 * ARN, then build only the objects whose own required variables are present).
 */
function fromEnv(path: string, spec: FieldSpec, env: Env, issues: ValidationIssue[]): unknown {
  if (spec.type.kind === "object" && spec.type.object.kind === "object") {
    const fields = Object.values(spec.type.object.fields);
    const isSet = (f: FieldSpec) => f.env !== undefined && getEnv(env, f.env) !== undefined;
    const required = fields.filter((f) => f.mode === "required");
    return fields.some(isSet) && required.every(isSet) ? {} : undefined;
  }
  if (!spec.env) return undefined;
  const text = getEnv(env, spec.env);
  if (text === undefined) return undefined;
  const value = parseEnv(spec.type, text);
  if (value === undefined) issues.push({ path, message: `${spec.env} must be ${expected(spec.type)} (got ${spec.type.secret ? "[secret]" : JSON.stringify(text)}), for ${path}` });
  return value;
}

function parseEnv(type: TypeSpec, text: string): unknown {
  switch (type.kind) {
    case "boolean":
      return parseEnvBoolean(text);
    case "number":
    case "integer":
      return parseEnvNumber(text);
    case "list":
      return text.split(",").map((s) => s.trim()).filter(Boolean).map((s) => parseEnv(type.items, s));
    default:
      return text;
  }
}

const expected = (type: TypeSpec) =>
  type.kind === "boolean" ? "true or false (also 1/0, t/f)" : type.kind === "number" || type.kind === "integer" ? "a number" : `a ${type.kind}`;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof Secret);
