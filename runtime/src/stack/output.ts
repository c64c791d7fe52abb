import { Secret } from "../secret.js";

/**
 * A value one declared resource will have once it exists (an output, or its id), used as another's
 * input: the reference is what orders the two. `T` is the value's type, so a reference of the wrong
 * type does not compile where it is passed.
 */
export class Output<T> {
  /** Phantom: carries `T` for the type checker only. */
  declare readonly __type?: T;

  constructor(
    /** The logical name of the resource it comes from. */
    readonly resource: string,
    /** The field it reads (`id` for the object's id). */
    readonly field: string,
  ) {}

  toString(): string {
    return `${this.resource}.${this.field}`;
  }

  toJSON(): string {
    return `<output ${this.toString()}>`;
  }
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
export function referencesIn(value: unknown): Output<unknown>[] {
  if (value instanceof Output) return [value];
  if (Array.isArray(value)) return value.flatMap(referencesIn);
  if (value !== null && typeof value === "object" && !(value instanceof Secret))
    return Object.values(value).flatMap(referencesIn);
  return [];
}

/**
 * The value with every reference replaced by what `lookup` gives for it (UNKNOWN while its
 * resource is to be made); plain data is copied, Secrets kept.
 */
export function resolveInputs(value: unknown, lookup: (ref: Output<unknown>) => unknown): unknown {
  if (value instanceof Output) return lookup(value);
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
