/** What generated code relies on the runtime for, beyond its types: checked at validation and planning. */

/** Provider functions the runtime implements; a schema declaring another is refused. */
export const RUNTIME_FUNCTIONS = ["terraformConfig"] as const;

/** Names the generated index re-exports from the runtime; schema names may not take them. */
export const RUNTIME_REEXPORTS = {
  values: ["Secret", "secret", "ValidationError"],
  types: ["SecretInput", "ValidationIssue"],
} as const;
