const REDACTED = "[secret]";

/**
 * `util.inspect.custom`, spelled as the registered symbol it is, so the declarations a program
 * compiles against need no Node types (`@types/node`).
 */
export const inspectCustom: unique symbol = Symbol.for("nodejs.util.inspect.custom");

/** What Node passes a custom inspect function: the depth left, the options, and `util.inspect` itself. */
export type InspectFunction = (value: unknown, options: object) => string;

/**
 * Every string a Secret has revealed in this process: whatever path a revealed value takes (a request
 * body, an error the service echoes), the log and error redaction can still find and remove it.
 */
const revealed = new Set<string>();

export const revealedSecrets = (): ReadonlySet<string> => revealed;

/**
 * A value that must not leak: its string, JSON and `util.inspect` forms are all "[secret]". The
 * value is read only through an explicit `reveal()`, so it cannot slip into logs or errors by accident.
 */
export class Secret<T = string> {
  readonly #value: T;

  constructor(value: T) {
    this.#value = value;
  }

  reveal(): T {
    if (typeof this.#value === "string" && this.#value.length >= 4) revealed.add(this.#value);
    return this.#value;
  }

  toString(): string {
    return REDACTED;
  }

  toJSON(): string {
    return REDACTED;
  }

  [inspectCustom](): string {
    return REDACTED;
  }

  static isSecret(value: unknown): value is Secret<unknown> {
    return isSecret(value);
  }
}

// Apart from the class: a class that names itself inside its body is bundled as `class _Secret`, its name then "_Secret".
const isSecret = (value: unknown): value is Secret<unknown> => value instanceof Secret;

/** What a caller may pass for a secret input: the plain value (wrapped on receipt) or a Secret. */
export type SecretInput<T = string> = T | Secret<T>;

export const secret = <T>(value: T): Secret<T> => new Secret(value);

/** Wraps a plain value; leaves a Secret as it is. */
export const toSecret = <T>(value: SecretInput<T>): Secret<T> =>
  value instanceof Secret ? (value as Secret<T>) : new Secret(value as T);

/** The plain value of a secret or ordinary input. */
export const revealValue = <T>(value: SecretInput<T>): T =>
  value instanceof Secret ? (value as Secret<T>).reveal() : (value as T);

export { REDACTED };

/**
 * The state-input form of an outputs type: the same field names, all optional, secrets accepted as
 * plain values or Secrets. A homomorphic mapped type, so each field keeps its documentation.
 */
export type StateOf<T> = {
  -readonly [K in keyof T]?: (T[K] extends Secret<infer U> ? SecretInput<U> : T[K]) | undefined;
};
