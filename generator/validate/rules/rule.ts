import type { Diagnostic } from "../../diagnostics.js";
import type { ProviderIndex } from "../../load/providerIndex.js";
import type { SourceDoc } from "../../load/sourceDoc.js";
import type { DocumentInput, FieldSite, SpecSite, Walk } from "./walk.js";

/** What a provider's rules read: its documents. Those that passed the meta-schema are checked; references resolve against all. */
export interface ProviderInput {
  readonly index: ProviderIndex;
  readonly valid: ReadonlySet<SourceDoc>;
}

/**
 * One check of schemas/README.md ("Checks beyond the meta-schema"): a pure function to diagnostics,
 * of one document (its walk, made of its input alone: a run may take the pass of a document whose
 * input is unchanged), or of the provider's documents together.
 */
export type Rule = { readonly id: string; readonly description: string } & (
  | { readonly document: (walk: Walk, input: DocumentInput) => Diagnostic[] }
  | { readonly provider: (input: ProviderInput) => Diagnostic[] }
);

/** A problem, or a falsy value where a condition did not hold: rules list their checks as `cond && at(…)`. */
export type Finding = Diagnostic | false | undefined;

export const found = (list: readonly Finding[]): Diagnostic[] => list.filter((d): d is Diagnostic => !!d);

/** A document rule's check of every field (as its field map places it). */
export const eachField =
  (check: (site: FieldSite, input: DocumentInput) => readonly Finding[]) =>
  (walk: Walk, input: DocumentInput): Diagnostic[] =>
    collect(walk.fields, (site) => check(site, input));

/** A document rule's check of every type spec: each field's own, its items and values, nested ones. */
export const eachSpec =
  (check: (site: SpecSite) => readonly Finding[]) =>
  (walk: Walk): Diagnostic[] =>
    collect(walk.specs, check);

// A loop rather than flatMap and filter: rules run over every field and spec of large providers.
function collect<T>(sites: readonly T[], check: (site: T) => readonly Finding[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const site of sites) for (const d of check(site)) if (d) out.push(d);
  return out;
}
