import type { EntityKind, Severity } from "./severity.js";

/** How a program meets a field: one edit can be harmless on one side and breaking on the other. */
export interface Position {
  readonly settable: boolean;
  readonly readable: boolean;
  readonly serviceSet: boolean;
  /** Provider configuration: resolved at run time from arguments, variables and defaults (its args type is all optional). */
  readonly configured?: boolean;
}

export interface Rule {
  readonly severity: Severity | ((p: Position) => Severity);
  readonly why: string | ((p: Position) => string);
  /** An info change to docs, editor hints or a notice only: a patch release may carry it (others need a minor). */
  readonly docsOnly?: true;
}

const ifSettable = (p: Position): Severity => (p.settable ? "breaking" : "info");
/** A warning where programs read what the service sets (they may meet values they do not handle), else info. */
const readFromService = (ifRead: string, otherwise: string): Rule => ({
  severity: (p) => (p.readable && p.serviceSet ? "warning" : "info"),
  why: (p) => (p.readable && p.serviceSet ? ifRead : otherwise),
});
const TIGHTER = (p: Position) =>
  p.settable ? "programs sending values outside the new limits now fail validation" : "outputs are not validated";

/** Every change code's severity and reason: the comparison finds facts, this table alone decides how loud each is. */
export const RULES = {
  "package-added": { severity: "info", why: "a new package" },
  "package-removed": { severity: "breaking", why: "programs importing it no longer build" },
  "package-name-changed": { severity: "breaking", why: "programs must import the package under its new name" },
  "protocol-changed": {
    severity: "breaking",
    why: "another runtime interpreter serves every operation, so every request and answer may differ",
  },
  "entity-added": { severity: "info", why: "new, so no existing program uses it" },
  "entity-removed": { severity: "breaking", why: "programs using it no longer compile" },
  "entity-renamed": { severity: "breaking", why: "programs must switch to the new name" },
  "token-changed": {
    severity: "breaking",
    why: "existing state refers to the old token, so deployed resources lose their definition",
  },
  "import-id-added": { severity: "info", why: "existing resources can now be imported" },
  "import-id-removed": { severity: "breaking", why: "import commands for it stop working" },
  "import-id-changed": { severity: "breaking", why: "import ids in the old format no longer parse" },
  "import-id-relaxed": { severity: "info", why: "every import id that parsed still does, and more do" },
  // A deprecation changes nothing a program does but print a notice: warnings are kept for behaviour.
  "deprecation-added": { severity: "info", why: "still works; users see a deprecation notice" },
  "deprecation-removed": { severity: "info", why: "no longer deprecated", docsOnly: true },
  "deprecation-changed": { severity: "info", why: "the deprecation notice changed", docsOnly: true },
  "field-added": { severity: "info", why: "optional or read-only, so existing programs are unaffected" },
  "required-field-added": {
    severity: "breaking",
    why: (p) =>
      p.configured
        ? "programs that set it neither as an argument nor through its variable fail when the configuration is resolved"
        : "programs that do not set it fail to compile and validate",
  },
  "field-removed": {
    severity: "breaking",
    why: (p) => (p.settable ? "programs setting it no longer compile" : "programs reading it no longer compile"),
  },
  "field-renamed": { severity: "breaking", why: "programs must use the new name" },
  "made-required": { severity: "breaking", why: "programs that omit it fail to compile and validate" },
  "made-optional": { severity: "info", why: "programs may now omit it" },
  // The output form types a required input as always present, so relaxing the input breaks readers (strict checks).
  "made-optional-in-outputs": {
    severity: "breaking",
    why: "programs may omit it, and programs reading it back as always present no longer compile",
  },
  "made-output": { severity: "breaking", why: "programs setting it no longer compile" },
  "made-input": { severity: "info", why: "programs may now set it" },
  "computed-added": { severity: "info", why: "the service fills it in when it is omitted" },
  "computed-removed": { severity: "info", why: "the service no longer fills it in when it is omitted" },
  "guarantee-removed": {
    severity: "breaking",
    why: "programs reading it as always present no longer compile: it may be undefined",
  },
  "guarantee-added": { severity: "info", why: "always present from now on" },
  "exposed-added": { severity: "info", why: "programs may read it from the provider instance" },
  "exposed-removed": { severity: "breaking", why: "programs reading it from the provider instance no longer compile" },
  "type-changed": { severity: "breaking", why: "programs using the old type no longer compile" },
  "type-name-changed": { severity: "breaking", why: "programs importing the old name no longer compile" },
  "wire-name-changed": { severity: "warning", why: "requests and responses now use a different key on the wire" },
  // An enum's literal union is its TypeScript type: comparing with a removed value no longer compiles.
  "enum-narrowed": {
    severity: "breaking",
    why: (p) =>
      p.settable
        ? "programs sending a removed value fail to compile and validate"
        : "comparisons with a removed value no longer compile",
  },
  "enum-widened": readFromService(
    "programs handling every value the service returns may miss the new ones",
    "programs may send the new values",
  ),
  "enum-added": {
    severity: ifSettable,
    why: (p) => (p.settable ? "only the listed values are accepted now" : "read values are now typed as a closed set"),
  },
  "enum-removed": readFromService(
    "the service may now return any value; exhaustive handling may miss some",
    "any value is accepted now",
  ),
  "enum-case-sensitive": {
    severity: ifSettable,
    why: (p) => (p.settable ? "values in another casing are now rejected" : "read values keep their casing"),
  },
  "enum-case-insensitive": { severity: "info", why: "values in any casing are accepted now" },
  "known-values-changed": {
    severity: "info",
    why: "documentation and editor hints only; values are not checked",
    docsOnly: true,
  },
  "bounds-tightened": { severity: ifSettable, why: TIGHTER },
  "bounds-relaxed": { severity: "info", why: "more values are accepted" },
  "list-bounds-tightened": { severity: ifSettable, why: TIGHTER },
  "list-bounds-relaxed": { severity: "info", why: "more list lengths are accepted" },
  "string-bounds-tightened": { severity: ifSettable, why: TIGHTER },
  "string-bounds-relaxed": { severity: "info", why: "more strings are accepted" },
  "timestamp-conversion-changed": {
    severity: (p) => (p.readable || p.settable ? "warning" : "info"),
    why: "values read (epoch milliseconds as ISO 8601 strings) and sent take another form",
  },
  "pattern-changed": {
    severity: (p) => (p.settable ? "warning" : "info"),
    why: (p) => (p.settable ? "values that matched the old pattern may now be rejected" : "outputs are not validated"),
    docsOnly: true,
  },
  "default-changed": { severity: "warning", why: "programs that omit it now get a different value" },
  "secret-removed": {
    severity: "breaking",
    why: "its value would no longer be redacted, so a secret would start to leak into logs, state and errors",
  },
  // Outputs are typed Secret<T>, so code that reads the plain value stops compiling; inputs accept both.
  "secret-added": {
    severity: (p) => (p.readable ? "breaking" : "info"),
    why: (p) =>
      p.readable
        ? "it is read as Secret<T> now: programs using the plain value no longer compile"
        : "inputs accept plain values and Secret alike",
  },
  "replace-on-change-added": {
    severity: "warning",
    why: "the next update that changes it DESTROYS AND RECREATES the resource",
  },
  "replace-on-change-removed": { severity: "info", why: "changing it now updates in place" },
  // Write-only inputs are never returned, so the lifecycle keeps the program's value instead of comparing it.
  "write-only-added": {
    severity: "info",
    why: "the service never returns it: changes made outside the program are no longer noticed",
  },
  "write-only-removed": {
    severity: "warning",
    why: "the service's value is compared again: one that differs from the program's now shows as a change to apply",
  },
  "env-added": { severity: "info", why: "it can now be set from the environment" },
  "env-removed": { severity: "breaking", why: "programs configured through the environment variable lose the setting" },
  "env-renamed": { severity: "breaking", why: "programs configured through the old variable lose the setting" },
  "required-when-added": { severity: ifSettable, why: "programs meeting the condition must now set it" },
  "required-when-changed": { severity: ifSettable, why: "programs meeting the new condition must set it" },
  "required-when-removed": { severity: "info", why: "it is no longer conditionally required" },
  "required-when-relaxed": { severity: "info", why: "it is required under fewer values, all required before" },
  "only-when-added": { severity: ifSettable, why: "programs setting it outside the condition now fail validation" },
  "only-when-changed": { severity: ifSettable, why: "programs setting it outside the new condition fail validation" },
  "only-when-removed": { severity: "info", why: "it may now be set under any condition" },
  "only-when-relaxed": { severity: "info", why: "it is allowed under more values, every one allowed before" },
  "conflicts-added": { severity: ifSettable, why: "programs setting both now fail validation" },
  "conflicts-removed": { severity: "info", why: "both may be set together now" },
  "variant-added": readFromService(
    "programs handling every variant the service returns may miss the new one",
    "programs may use the new variant",
  ),
  "variant-removed": { severity: "breaking", why: "programs using the variant no longer compile" },
  "discriminator-changed": { severity: "breaking", why: "programs selecting a variant no longer compile" },
  // Behaviour on the wire (wirePath, onChange, notSent; an entity's operations, readiness and hooks).
  "change-rejected": { severity: "breaking", why: "an update that changes it is now refused" },
  "wire-binding-changed": {
    severity: "warning",
    why: "requests now carry it elsewhere, or a change to it does something else",
  },
  "binding-added": { severity: "info", why: "its class (a resource) or function (a lookup) is added" },
  "binding-removed": {
    severity: "breaking",
    why: "its class (a resource) or function (a lookup) is gone: programs using it no longer compile",
  },
  "exports-removed": { severity: "breaking", why: "programs importing them no longer compile" },
  "operations-changed": {
    severity: "warning",
    why: "the calls made for it (what they send, where, and what they wait for) changed",
  },
} as const satisfies Record<string, Rule>;

export type ChangeCode = keyof typeof RULES;
export const CHANGE_CODES = Object.keys(RULES).sort() as ChangeCode[];

/** What the comparison found, before the rules say how much it matters. */
export interface Fact {
  readonly code: ChangeCode;
  readonly path: string;
  /** What changed, specifically: `maximum lowered from 4093 to 4000`. */
  readonly what: string;
  readonly before?: unknown;
  readonly after?: unknown;
}

/** A value that changed, both sides kept: `type changed from integer to string`. */
export function changed(code: ChangeCode, what: string, before?: string, after?: string): Omit<Fact, "path"> {
  return { code, what: `${what} changed from ${before} to ${after}`, before, after };
}

/** What a change is filed under. */
export type Owner = Pick<Change, "package" | "entity" | "kind">;

export function classify(owner: Owner, fact: Fact, position: Position): Change {
  const rule: Rule = RULES[fact.code];
  const why = typeof rule.why === "function" ? rule.why(position) : rule.why;
  return {
    ...owner,
    path: fact.path,
    change: fact.code,
    severity: typeof rule.severity === "function" ? rule.severity(position) : rule.severity,
    // One line, whatever a schema's reason or deprecation text holds.
    message: `${fact.what}: ${why}`.replace(/\s+/g, " ").trim(),
    ...(fact.before !== undefined && { before: fact.before }),
    ...(fact.after !== undefined && { after: fact.after }),
  };
}

/** Changes that hold no field: a package or entity as a whole. Their rules do not depend on position. */
export const WHOLE: Position = { settable: true, readable: true, serviceSet: false };

/** A change to a package as a whole (added, removed, exports lost), filed under the package's own name. */
export const packageChange = (name: string, code: ChangeCode, what: string): Change =>
  classify({ package: name, entity: name, kind: "provider" }, { code, path: name, what }, WHOLE);

export interface Change {
  readonly package: string;
  /** The entity's name (on the new side when it exists there); `config` for provider configuration. */
  readonly entity: string;
  readonly kind: EntityKind;
  /** Dotted from the entity: `Port.portSpeed`, `Vxc.prefixes[*].le`, `getWidgets.name`, `config.region`. */
  readonly path: string;
  readonly change: ChangeCode;
  readonly severity: Severity;
  readonly message: string;
  readonly before?: unknown;
  readonly after?: unknown;
}
