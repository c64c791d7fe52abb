import { inspectCustom, type InspectFunction } from "./secret.js";

/**
 * The base of the protocol providers: it holds the resolved configuration privately and prints as
 * it (JSON, `util.inspect`, `console.log`), secrets as "[secret]". Clients, tokens, credentials and
 * the environment live in private fields of the subclasses, so no printed form reaches them.
 */
export abstract class ConfiguredProvider<C extends object> {
  readonly #config: C;

  constructor(config: C) {
    this.#config = config;
  }

  /** The resolved configuration: arguments, then environment variables, then defaults; secrets as Secret. */
  get config(): C {
    return this.#config;
  }

  toJSON(): C {
    return this.#config;
  }

  [inspectCustom](depth: number, options: object, inspect?: InspectFunction): string {
    if (depth < 0 || !inspect) return `[${this.constructor.name}]`;
    return `${this.constructor.name} ${inspect(this.#config, options)}`;
  }
}
