import type { Diagnostic } from "../../diagnostics.js";
import type { ProviderIndex } from "../../load/providerIndex.js";
import type { SourceDoc } from "../../load/sourceDoc.js";
import type { FieldSite, SpecSite, Walk } from "./walk.js";

/** What every rule reads: one provider's documents, and the walk of those that passed the meta-schema. */
export interface RuleInput {
  readonly index: ProviderIndex;
  /** Documents that passed the meta-schema. Only they are checked; references resolve against all. */
  readonly valid: ReadonlySet<SourceDoc>;
  readonly walk: Walk;
}

/** One check of schemas/README.md ("Checks beyond the meta-schema"): a pure function to diagnostics. */
export interface Rule {
  readonly id: string;
  readonly description: string;
  readonly check: (input: RuleInput) => Diagnostic[];
}

/** A problem, or a falsy value where a condition did not hold: rules list their checks as `cond && at(…)`. */
export type Finding = Diagnostic | false | undefined;

export const found = (list: readonly Finding[]): Diagnostic[] => list.filter((d): d is Diagnostic => !!d);

/** A rule's check over every field (as its field map places it). */
export const eachField =
  (check: (site: FieldSite, input: RuleInput) => readonly Finding[]) =>
  (input: RuleInput): Diagnostic[] =>
    collect(input.walk.fields, (site) => check(site, input));

/** A rule's check over every type spec: each field's own, its items and values, nested ones. */
export const eachSpec =
  (check: (site: SpecSite, input: RuleInput) => readonly Finding[]) =>
  (input: RuleInput): Diagnostic[] =>
    collect(input.walk.specs, (site) => check(site, input));

// A loop rather than flatMap and filter: rules run over every field and spec of large providers.
function collect<T>(sites: readonly T[], check: (site: T) => readonly Finding[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const site of sites) for (const d of check(site)) if (d) out.push(d);
  return out;
}
