import type { ProviderDescriptor } from "./descriptor.js";
import { resolveConfig } from "./config.js";
import type { Env } from "./env.js";
import { inspectCustom, type InspectFunction } from "./secret.js";
import { unknownKeys } from "./suggest.js";
import { ValidationError, type ValidationIssue } from "./validate.js";

/**
 * A provider's settings as its constructor got them (the generated Provider's arguments and
 * environment), resolved on first use: a program that builds a provider and never uses it (its
 * `--help`) never fails on them, and a call reports them with its own problems.
 */
export class ProviderSettings {
  constructor(
    readonly descriptor: ProviderDescriptor,
    readonly args: object,
    readonly env: Env,
  ) {}
}

/**
 * The base of the protocol providers: it holds the configuration privately, resolved on first use,
 * and prints as it (JSON, `util.inspect`, `console.log`), secrets as "[secret]". Clients, tokens,
 * credentials and the environment live in private fields of the subclasses, so no printed form
 * reaches them.
 */
export abstract class ConfiguredProvider<C extends object> {
  readonly #settings: C | ProviderSettings;
  readonly #optionIssues: readonly ValidationIssue[];
  #config: C | undefined;

  /**
   * @param settings - resolved already, or the arguments and environment to resolve them from.
   * @param options - the runtime options given, checked against `knownOptions`: none is ignored.
   */
  constructor(settings: C | ProviderSettings, options: object, knownOptions: readonly string[]) {
    this.#settings = settings;
    const named = settings instanceof ProviderSettings ? `${settings.descriptor.name}.Provider` : this.constructor.name;
    const settingNames = settings instanceof ProviderSettings ? Object.keys(settings.descriptor.config) : [];
    // A setting given as a runtime option (endpoint was one before the 0.2 release) says where it goes.
    this.#optionIssues = unknownKeys(named, options, knownOptions, (key) =>
      settingNames.includes(key)
        ? `: ${key} is a setting (the first argument), not a runtime option (the third): new Provider({ ${key} })`
        : undefined,
    );
  }

  /**
   * The resolved configuration: arguments, then environment variables, then defaults; secrets as
   * Secret. Throws the ValidationError of the settings and runtime options when they have problems
   * (resolved again at the next use: the environment may have been fixed since).
   */
  get config(): C {
    return (this.#config ??= this.#resolve());
  }

  /** Throws the ValidationError of its settings and runtime options, if any, before any request. */
  check(): void {
    void this.config;
  }

  /**
   * Where a setting's value came from, for an error about what it points at: its variable (when the
   * argument did not give it), `the <name> setting`, or undefined for its default.
   */
  protected settingSource(name: string): string | undefined {
    const s = this.#settings;
    if (!(s instanceof ProviderSettings) || (s.args as Record<string, unknown>)[name] !== undefined)
      return `the ${name} setting`;
    const variable = s.descriptor.config[name]?.env;
    return variable !== undefined && s.env[variable] !== undefined ? variable : undefined;
  }

  /** The configuration a protocol completes from its resolved settings (cloudplat: the region used). */
  protected complete(config: C): C {
    return config;
  }

  #resolve(): C {
    let config: C | undefined;
    let issues = this.#optionIssues;
    try {
      const s = this.#settings;
      config = this.complete(
        s instanceof ProviderSettings ? (resolveConfig(s.descriptor, s.args, s.env) as unknown as C) : s,
      );
    } catch (e) {
      if (!(e instanceof ValidationError)) throw e;
      issues = [...e.issues, ...issues];
    }
    if (issues.length > 0) throw new ValidationError(issues);
    return config!;
  }

  toJSON(): C | { readonly invalid: readonly string[] } {
    try {
      return this.config;
    } catch (e) {
      if (!(e instanceof ValidationError)) throw e;
      return { invalid: e.issues.map((i) => i.message) };
    }
  }

  [inspectCustom](depth: number, options: object, inspect?: InspectFunction): string {
    if (depth < 0 || !inspect) return `[${this.constructor.name}]`;
    return `${this.constructor.name} ${inspect(this.toJSON(), options)}`;
  }
}
