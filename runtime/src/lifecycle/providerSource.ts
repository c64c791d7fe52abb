import { ValidationError, type ValidationIssue } from "../validate.js";

/**
 * The provider of a call: the one passed, or a function that builds it (the generated
 * `defaultProvider`, from the environment). Built inside the call, so that its configuration problems
 * are reported with the call's own.
 */
export type ProviderSource<P> = P | (() => P);

/**
 * The provider of a call whose arguments had `issues`: one ValidationError lists the configuration
 * problems of the provider (passed, or built from the environment) and the argument problems together, so fixing
 * one never just reveals the other.
 */
export function providerFor<P extends object>(source: ProviderSource<P>, issues: readonly ValidationIssue[] = []): P {
  let provider: P | undefined;
  let configIssues: readonly ValidationIssue[] = [];
  try {
    provider = typeof source === "function" ? (source as () => P)() : source;
    // A provider resolves its settings on first use: this is it, before any request.
    (provider as { check?(): void }).check?.();
  } catch (e) {
    if (!(e instanceof ValidationError)) throw e;
    configIssues = e.issues;
  }
  if (configIssues.length > 0 || issues.length > 0) throw new ValidationError([...configIssues, ...issues]);
  return provider!;
}

/** The value of `parse`, or the issues of the ValidationError it throws. */
export function parsed<T>(parse: () => T): { value?: T; issues: readonly ValidationIssue[] } {
  try {
    return { value: parse(), issues: [] };
  } catch (e) {
    if (!(e instanceof ValidationError)) throw e;
    return { issues: e.issues };
  }
}
