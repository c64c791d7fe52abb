/** `breaking`: a program fails or leaks a secret; `warning`: it behaves differently; `info`: additive or relaxing. */
export type Severity = "breaking" | "warning" | "info";
export const SEVERITIES: readonly Severity[] = ["breaking", "warning", "info"];

/** Where a change lives: a package (or its provider config), a resource, lookup, provider function or shared type. */
export type EntityKind = "provider" | "resource" | "lookup" | "function" | "type";
