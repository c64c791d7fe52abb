/**
 * What a schema change means for users of a generated package: `breaking` stops a program from
 * compiling or working (or leaks a secret), `warning` changes what a working program does (or
 * destroys infrastructure on its next update), `info` is additive or relaxing.
 */
export type Severity = "breaking" | "warning" | "info";
export const SEVERITIES: readonly Severity[] = ["breaking", "warning", "info"];

/** Where a change lives: a package (or its provider config), a resource, lookup, provider function or shared type. */
export type EntityKind = "provider" | "resource" | "lookup" | "function" | "type";
