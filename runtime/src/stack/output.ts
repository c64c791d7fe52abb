import { Secret } from "../secret.js";

/** One field of one declared resource or lookup (`id` for the object's id), read once it exists. */
export interface Reference {
  /** The logical name of the resource or lookup it comes from. */
  readonly resource: string;
  /** The field it reads. */
  readonly field: string;
}

/**
 * A value known once other declared resources exist, used as an input: a reference to a field of one
 * (`port.out.productUid`), or text built from such references (`interpolate`). The references are
 * what order the resources. `T` is the value's type, so a reference of the wrong type does not
 * compile where it is passed.
 *
 * It is not its value: used as text (a template literal, `String()`, `+`, `JSON.stringify`) it throws
 * at once, naming the reference and the fix, rather than putting a placeholder on the wire.
 */
export class Output<T> {
  /** Phantom: carries `T` for the type checker only. */
  declare readonly __type?: T;

  /** @internal Made by `out.<field>` of a declared resource, `interpolate` and `concat`, not by hand. */
  constructor(
    /** What it is read from. */
    readonly references: readonly Reference[],
    /** Its value from each reference's value (`UNKNOWN` while one is not known: then it is unknown too). */
    readonly resolve: (valueOf: (ref: Reference) => unknown) => T | typeof UNKNOWN,
    /** How it is named in messages and plans: `port.productUid`, `` `port-for-${mcr.productName}` ``. */
    readonly label: string,
  ) {}

  toString(): never {
    throw misuse(this);
  }

  toJSON(): never {
    throw misuse(this);
  }

  [Symbol.toPrimitive](): never {
    throw misuse(this);
  }

  /** How util.inspect shows it (by the symbol's global name: the declarations need no Node types). */
  [Symbol.for("nodejs.util.inspect.custom")](): string {
    return `Output(${this.label})`;
  }
}

// The factories are functions beside the class, not its statics: a class that names itself inside
// its body is bundled under an inner name (`_Output`), which util.inspect and stack traces would show.

/** The field `field` of the resource or lookup declared as `resource`. */
export function outputOf<T>(resource: string, field: string): Output<T> {
  const ref = { resource, field };
  return new Output<T>([ref], (valueOf) => valueOf(ref) as T, `${resource}.${field}`);
}

/** Text made of literal parts and other inputs, for `interpolate` and `concat`. */
function textOf(parts: readonly unknown[]): Output<string> {
  const references = parts.flatMap((p) => (p instanceof Output ? p.references : []));
  const label = `\`${parts.map((p) => (p instanceof Output ? `\${${p.label}}` : String(partOf(p)))).join("")}\``;
  return new Output<string>(
    references,
    (valueOf) => {
      const values = parts.map((p) => (p instanceof Output ? p.resolve(valueOf) : p));
      if (values.includes(UNKNOWN)) return UNKNOWN;
      const text = values.map(partOf);
      // A Secret part makes the whole text a Secret (it is sealed in the state, hidden in plans).
      return text.some((t) => t instanceof Secret)
        ? (new Secret(text.map((t) => (t instanceof Secret ? String(t.reveal()) : t)).join("")) as unknown as string)
        : text.join("");
    },
    label,
  );
}

function misuse(output: Output<unknown>): TypeError {
  return new TypeError(
    `${output.label} is an Output: its value is known only once the stack is applied, so it cannot be used as text here. ` +
      "Pass it as an input as it is, or build text from it with interpolate`…${" +
      `${output.label}` +
      "}…` (or concat(...)), imported from the package's stack entry",
  );
}

/** A part of text as it goes on the wire: a Secret stays one, anything else is its string. */
function partOf(value: unknown): string | Secret<unknown> {
  if (value instanceof Secret) return value;
  if (value !== null && typeof value === "object")
    throw new TypeError(
      `interpolate and concat take text, numbers and Outputs of them (got ${Array.isArray(value) ? "a list" : "an object"})`,
    );
  return String(value);
}

/**
 * Text built from outputs and literals, known once the resources it reads exist:
 * ``productName: interpolate`port-for-${mcr.out.productName}` ``. A plan shows it as
 * "(known after up)" until then; a Secret part makes the whole text a Secret.
 */
export function interpolate(literals: TemplateStringsArray, ...values: readonly Input<unknown>[]): Output<string> {
  return textOf(literals.flatMap((l, i) => (i < values.length ? [l, values[i]] : [l])));
}

/** Text made of parts in order, outputs or literals: `concat("port-for-", mcr.out.productName)`. */
export function concat(...parts: readonly Input<unknown>[]): Output<string> {
  return textOf(parts);
}

/** A value, or a reference to a value another resource will have. */
export type Input<T> = T | Output<T>;

/**
 * The input form of an Args type: wherever it takes a value, it takes a reference to one of that type
 * (as Pulumi's `Input<T>`), at any depth; a Secret stays a Secret. Union members are kept apart (a
 * VXC end's variants), and `boolean` whole, so an `Output<boolean>` fits a boolean input.
 */
export type Inputs<T> = undefined extends T ? InputsOf<Exclude<T, undefined>> | undefined : InputsOf<T>;

type InputsOf<T> = [T] extends [Secret<unknown>]
  ? T
  : [T] extends [readonly (infer U)[]]
    ? Input<readonly Inputs<U>[]>
    : [T] extends [object]
      ? Input<{ [K in keyof T]: Inputs<T[K]> }>
      : Input<T>;

/** A value not yet known in a plan: its resource is still to be made or replaced. */
export const UNKNOWN: { readonly toJSON: () => string; readonly toString: () => string } = Object.freeze({
  toJSON: () => "(known after up)",
  toString: () => "(known after up)",
});

/** Every reference in a value, at any depth. */
export function referencesIn(value: unknown): Reference[] {
  if (value instanceof Output) return [...value.references];
  if (Array.isArray(value)) return value.flatMap(referencesIn);
  if (value !== null && typeof value === "object" && !(value instanceof Secret))
    return Object.values(value).flatMap(referencesIn);
  return [];
}

/**
 * The value with every Output replaced by its value from what `lookup` gives for each reference
 * (UNKNOWN while its resource is to be made); plain data is copied, Secrets kept.
 */
export function resolveInputs(value: unknown, lookup: (ref: Reference) => unknown): unknown {
  if (value instanceof Output) return value.resolve(lookup);
  if (Array.isArray(value)) return value.map((v) => resolveInputs(v, lookup));
  if (value !== null && typeof value === "object" && !(value instanceof Secret))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveInputs(v, lookup)]));
  return value;
}

/** Whether a resolved value still holds an unknown. */
export function hasUnknown(value: unknown): boolean {
  if (value === UNKNOWN) return true;
  if (Array.isArray(value)) return value.some(hasUnknown);
  if (value !== null && typeof value === "object" && !(value instanceof Secret))
    return Object.values(value).some(hasUnknown);
  return false;
}
