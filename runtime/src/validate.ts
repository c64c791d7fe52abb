import { conditionHolds, conditionText } from "./condition.js";
import { sameEnumValue } from "./enumValue.js";
import type { FieldSpec, Scalar, TypeSpec, UnionSpec } from "./descriptor.js";
import { bounded } from "./bounded.js";
import { checkFormat } from "./formats.js";
import { REDACTED, Secret } from "./secret.js";
import { didYouMean } from "./suggest.js";

/** One violated constraint: `path` names the field (`Port.portSpeed`, `Vxc.aEnd.vlan`). */
export interface ValidationIssue {
  readonly path: string;
  readonly message: string;
}

const MAX_LISTED = 20;
/** The longest issue the message lists: twenty of them stay a few KB. */
const MAX_ISSUE = 500;

/**
 * The longest string input where its schema sets no `maxLength`: far beyond any value the services take
 * (a licence, a cloud-init script), and a 20 MB value is refused before it is sent.
 */
export const MAX_STRING_LENGTH = 1_048_576;

/** Every violation of one call, thrown before any network request is made. */
export class ValidationError extends Error {
  override readonly name = "ValidationError";
  constructor(readonly issues: readonly ValidationIssue[]) {
    // The message lists the first few; `issues` has them all.
    const listed = issues.slice(0, MAX_LISTED).map((i) => `  - ${bounded(i.message, MAX_ISSUE)}`);
    if (issues.length > MAX_LISTED) listed.push(`  - and ${issues.length - MAX_LISTED} more (see the error's issues)`);
    super(`${issues.length} invalid input${issues.length === 1 ? "" : "s"}:\n${listed.join("\n")}`);
  }
}

/**
 * Checks caller input against the descriptor's fields: unknown keys, outputs set by the caller,
 * required and conditionally required fields, conflicts, types, enums, bounds and formats. Returns
 * every violation; a secret's value never appears in a message.
 */
export function validateInput(
  entity: string,
  fields: Readonly<Record<string, FieldSpec>>,
  value: unknown,
): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  checkObject(fields, value, entity, entity, [], issues, false);
  return issues;
}

function checkObject(
  fields: Readonly<Record<string, FieldSpec>>,
  value: unknown,
  path: string,
  typeName: string,
  /** The objects enclosing the value, outermost first: where a format's `familyFrom` is looked up. */
  scopes: readonly Record<string, unknown>[],
  issues: ValidationIssue[],
  secret: boolean,
  allowed: readonly string[] = [],
): void {
  if (!isPlainObject(value)) {
    issues.push({ path, message: `${path} must be an object ${got(value, secret)}` });
    return;
  }
  for (const key of Object.keys(value)) {
    if (!Object.hasOwn(fields, key) && !allowed.includes(key)) {
      const shown = `${path}.${cut(key, 60)}`;
      issues.push({
        path: shown,
        message: `${shown} is not a field of ${typeName}${key.length <= 60 ? didYouMean(key, Object.keys(fields)) : ""}`,
      });
    }
  }
  const present = (name: string) => value[name] !== undefined && value[name] !== null;
  const inner = [...scopes, value];
  const conflictsSeen = new Set<string>();
  for (const [name, spec] of Object.entries(fields)) {
    const p = `${path}.${name}`;
    if (!present(name)) {
      if (spec.mode === "required") issues.push({ path: p, message: `${p} is required` });
      else if (spec.requiredWhen && conditionHolds(spec.requiredWhen, fields, value))
        issues.push({ path: p, message: `${p} is required when ${conditionText(spec.requiredWhen)}` });
      continue;
    }
    if (spec.mode === "output") {
      issues.push({ path: p, message: `${p} is set by the service and cannot be given as input` });
      continue;
    }
    if (spec.onlyWhen && !conditionHolds(spec.onlyWhen, fields, value)) {
      issues.push({ path: p, message: `${p} may be set only when ${conditionText(spec.onlyWhen)}` });
      continue;
    }
    for (const other of spec.conflictsWith ?? []) {
      const pair = [name, other].sort().join("|");
      if (present(other) && !conflictsSeen.has(pair)) {
        conflictsSeen.add(pair);
        issues.push({ path: p, message: `${p} conflicts with ${path}.${other}: set only one of them` });
      }
    }
    checkType(spec.type, value[name], p, inner, issues, secret);
  }
}

/** `field` of the innermost enclosing object that sets it (a prefix list's entries read its addressFamily). */
function nearest(scopes: readonly Record<string, unknown>[], field: string): unknown {
  for (let i = scopes.length - 1; i >= 0; i--) if (scopes[i]![field] !== undefined) return scopes[i]![field];
  return undefined;
}

const characters = (n: number): string => `${n.toLocaleString("en-US")} character${n === 1 ? "" : "s"}`;

function checkType(
  spec: TypeSpec,
  raw: unknown,
  path: string,
  scopes: readonly Record<string, unknown>[],
  issues: ValidationIssue[],
  inSecret: boolean,
): void {
  // A Secret stays secret in messages even where the schema did not declare the field secret.
  const secret = inSecret || spec.secret === true || raw instanceof Secret;
  const value = raw instanceof Secret ? raw.reveal() : raw;
  const fail = (what: string, hint = ""): void =>
    void issues.push({ path, message: `${path} ${what} ${got(value, secret)}${hint}` });
  const c = "constraints" in spec ? spec.constraints : undefined;
  switch (spec.kind) {
    case "any":
      return;
    case "string":
      if (typeof value !== "string") return fail("must be a string");
      if (c?.enum) return checkEnum(c.enum, value, c.caseInsensitive, fail, secret);
      if (c?.minLength !== undefined && value.length < c.minLength)
        return fail(`must be at least ${characters(c.minLength)} long`);
      if (value.length > (c?.maxLength ?? MAX_STRING_LENGTH))
        return fail(`must be at most ${characters(c?.maxLength ?? MAX_STRING_LENGTH)} long`);
      if (c?.pattern !== undefined && !new RegExp(c.pattern, "u").test(value))
        return fail(`must match the pattern ${c.pattern}`);
      if (c?.format) {
        const familyValue = c.familyFrom !== undefined ? nearest(scopes, c.familyFrom) : undefined;
        const family =
          typeof familyValue === "string" && /^ipv[46]$/i.test(familyValue)
            ? (familyValue.toLowerCase() as "ipv4" | "ipv6")
            : undefined;
        const problem = checkFormat(c.format, value, family);
        if (problem) return fail(problem + (family ? ` (${c.familyFrom} is ${familyValue})` : ""));
      }
      return;
    case "number":
    case "integer":
      if (typeof value !== "number" || !Number.isFinite(value)) return fail("must be a number");
      if (spec.kind === "integer" && !Number.isInteger(value)) return fail("must be a whole number");
      if (c?.enum) return checkEnum(c.enum, value, false, fail, secret);
      if (c?.minimum !== undefined && c.maximum !== undefined && (value < c.minimum || value > c.maximum))
        return fail(`must be between ${c.minimum} and ${c.maximum}`);
      if (c?.minimum !== undefined && value < c.minimum) return fail(`must be at least ${c.minimum}`);
      if (c?.maximum !== undefined && value > c.maximum) return fail(`must be at most ${c.maximum}`);
      if (c?.notOneOf?.includes(value)) return fail(`must not be ${c.notOneOf.join(" or ")}`);
      return;
    case "boolean":
      if (typeof value !== "boolean") return fail("must be true or false");
      return;
    case "list":
      if (!Array.isArray(value)) return fail("must be a list");
      if (c?.minItems !== undefined && value.length < c.minItems)
        return fail(`must have at least ${c.minItems} item${c.minItems === 1 ? "" : "s"}`);
      if (c?.maxItems !== undefined && value.length > c.maxItems)
        return fail(`must have at most ${c.maxItems} item${c.maxItems === 1 ? "" : "s"}`);
      // An index loop, not forEach: forEach skips the holes of a sparse list, which JSON would send as null.
      for (let i = 0; i < value.length; i++)
        if (i in value) checkType(spec.items, value[i], `${path}[${i}]`, scopes, issues, secret);
        else issues.push({ path: `${path}[${i}]`, message: `${path}[${i}] is missing: the list has a gap there` });
      return;
    case "map":
      if (!isPlainObject(value)) return fail("must be an object of key/value pairs");
      for (const [k, v] of Object.entries(value)) {
        const p = `${path}.${cut(k, 60)}`;
        if (PROTOTYPE_KEYS.includes(k))
          issues.push({
            path: p,
            message: `${p}: "${k}" cannot be a key: every JavaScript object has a member of that name`,
          });
        else if (k.length > MAX_STRING_LENGTH)
          issues.push({ path: p, message: `${p}: a key must be at most ${characters(MAX_STRING_LENGTH)} long` });
        else checkType(spec.values, v, p, scopes, issues, secret);
      }
      return;
    case "object":
      return spec.object.kind === "union"
        ? checkUnion(spec.object, value, path, scopes, issues, secret)
        : checkObject(spec.object.fields, value, path, spec.object.name, scopes, issues, secret);
  }
}

function checkUnion(
  u: UnionSpec,
  value: unknown,
  path: string,
  scopes: readonly Record<string, unknown>[],
  issues: ValidationIssue[],
  secret: boolean,
): void {
  if (!isPlainObject(value)) {
    issues.push({ path, message: `${path} must be an object ${got(value, secret)}` });
    return;
  }
  const key = value[u.discriminator.field];
  const names = Object.keys(u.variants);
  const variant =
    typeof key === "string"
      ? names.find((n) => n === key || (u.discriminator.caseInsensitive && n.toLowerCase() === key.toLowerCase()))
      : undefined;
  const p = `${path}.${u.discriminator.field}`;
  if (!variant) {
    const hint = typeof key === "string" && !secret ? didYouMean(key, names) : "";
    issues.push({
      path: p,
      message:
        key === undefined
          ? `${p} is required: one of ${names.join(", ")}`
          : `${p} must be one of ${names.join(", ")} ${got(key, secret)}${hint}`,
    });
    return;
  }
  checkObject(
    u.variants[variant]!.object.fields,
    value,
    path,
    u.variants[variant]!.object.name,
    scopes,
    issues,
    secret,
    [u.discriminator.field],
  );
}

function checkEnum(
  allowed: readonly Scalar[],
  value: Scalar,
  caseInsensitive: boolean | undefined,
  fail: (what: string, hint?: string) => void,
  secret: boolean,
): void {
  if (allowed.some((a) => sameEnumValue(a, value, caseInsensitive))) return;
  // A secret's closeness to a value is not said either.
  const hint = typeof value === "string" && !secret ? didYouMean(value, allowed.map(String)) : "";
  fail(`must be one of ${allowed.join(", ")}`, hint);
}

/**
 * Map keys refused: assigned to an object they reach its prototype, or shadow what every object has. A
 * map holding one (from JSON.parse) is refused whole rather than sent with the key dropped or changed.
 */
const PROTOTYPE_KEYS = ["__proto__", "constructor", "prototype"];

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof Secret);

/** `(got …)`: a short, printable preview of any value, whatever a program passed (a BigInt, a cycle, a Symbol). */
function got(value: unknown, secret: boolean): string {
  return `(got ${secret ? REDACTED : cut(preview(value), 60)})`;
}

function preview(value: unknown): string {
  switch (typeof value) {
    case "bigint":
      return `${value}n (a BigInt)`;
    case "symbol":
      return "a Symbol";
    case "function":
      return "a function";
    case "undefined":
      return "undefined";
    case "number":
      return String(value);
    case "object":
      try {
        return JSON.stringify(value) ?? String(value);
      } catch {
        // Cycles, BigInts inside, or nesting too deep to print.
        return Array.isArray(value) ? "a list that cannot be printed" : "an object that cannot be printed";
      }
    default:
      return JSON.stringify(value);
  }
}

/** A text cut to `max` characters: a message stays readable whatever size of value it quotes. */
const cut = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max - 3)}...` : text);
