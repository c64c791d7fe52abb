/**
 * The data a generated module declares about its entity. Generated code is only this data plus
 * types; every behaviour (validation, config resolution, and later the lifecycle) reads it here.
 */
export type Mode = "required" | "optional" | "optional-computed" | "output";
export type Scalar = string | number | boolean;
export type Format =
  "cidr" | "cidr-ipv4" | "cidr-ipv6" | "ip-cidr" | "ip" | "mac" | "iso8601" | "datetime-ymd-hms" | "json";

export type TypeSpec =
  | {
      readonly kind: "string" | "number" | "integer" | "boolean" | "any";
      readonly constraints?: Constraints;
      readonly secret?: boolean;
    }
  | { readonly kind: "list"; readonly items: TypeSpec; readonly constraints?: Constraints; readonly secret?: boolean }
  | { readonly kind: "map"; readonly values: TypeSpec; readonly secret?: boolean }
  | { readonly kind: "object"; readonly object: ObjectSpec | UnionSpec; readonly secret?: boolean };

/** A condition on a sibling field's value: it equals `equals`, or one of `in`. */
export type Condition = { readonly field: string } & (
  { readonly equals: Scalar; readonly in?: never } | { readonly in: readonly Scalar[]; readonly equals?: never }
);

export interface Constraints {
  /** Closed set of allowed values. */
  readonly enum?: readonly Scalar[];
  readonly caseInsensitive?: boolean;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly notOneOf?: readonly number[];
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: string;
  readonly format?: Format;
  /** With format cidr: the top-level field (IPv4/IPv6) that selects the address family. */
  readonly familyFrom?: string;
}

/** Where operations send (create, update) or read a field, when not under `wire` at the top level: dotted paths. */
export interface WirePaths {
  readonly create?: string;
  readonly update?: string;
  readonly read?: string;
}

/** What a change to an input does, when not updated in place by the resource's update operation. */
export type OnChange = { readonly update: string } | { readonly reject: string } | { readonly createOnly: string };

/** When a created or updated object is ready: values of a status field, or once a read finds it. */
export type Readiness =
  "readable" | { readonly field: string; readonly ready: readonly string[]; readonly failed?: readonly string[] };

export interface FieldSpec {
  /** JSON key on the wire. */
  readonly wire: string;
  readonly mode: Mode;
  readonly type: TypeSpec;
  readonly default?: unknown;
  readonly env?: string;
  readonly deprecated?: string;
  /** Why changing this input replaces the resource. */
  readonly replaceOnChange?: string;
  /** Union variants whose changes update in place despite replaceOnChange. */
  readonly replaceOnChangeExcept?: readonly string[];
  readonly requiredWhen?: Condition;
  /** The input may be given only while this holds. */
  readonly onlyWhen?: Condition;
  readonly conflictsWith?: readonly string[];
  /** Always present in outputs. */
  readonly guaranteed?: boolean;
  /** The service never returns it (after an import it is unknown, and not compared). */
  readonly writeOnly?: boolean;
  readonly wirePath?: WirePaths;
  readonly onChange?: OnChange;
  /** Why create does not send this input (another call or a hook does, or the API has no place for it). */
  readonly notSent?: string;
}

export interface ObjectSpec {
  readonly kind: "object";
  readonly name: string;
  readonly fields: Readonly<Record<string, FieldSpec>>;
}

export interface UnionSpec {
  readonly kind: "union";
  readonly name: string;
  readonly discriminator: { readonly field: string; readonly wire: string; readonly caseInsensitive?: boolean };
  readonly variants: Readonly<
    Record<string, { readonly object: ObjectSpec; readonly wireValue?: string; readonly deprecated?: string }>
  >;
}

export interface ImportIdSpec {
  readonly separator: string;
  readonly parts: readonly {
    readonly field: string;
    readonly type: "string" | "integer" | "list";
    readonly minimum?: number;
    readonly optional?: boolean;
    readonly itemSeparator?: string;
  }[];
}

interface EntityDescriptor {
  readonly name: string;
  readonly token: string;
  readonly deprecated?: string;
}

/**
 * A resource kind's data. `O` is the shape of its operations, which its provider protocol defines and
 * interprets (netsvc REST and product orders, cloudplat RPC actions).
 */
export interface ResourceDescriptor<O extends object = object> extends EntityDescriptor {
  readonly kind: "resource";
  readonly fields: Readonly<Record<string, FieldSpec>>;
  /** Paths of secret values (`a.b`, `[*]` for list items, `.*` for map values). */
  readonly secretPaths: readonly string[];
  /** Paths of inputs whose change forces replacement. */
  readonly replaceOnChangePaths: readonly string[];
  /**
   * How the object's id splits into fields (`<serviceId>#<apiId>`): its import id, unless
   * `importUnsupported` says why the API offers no import.
   */
  readonly importId?: ImportIdSpec;
  readonly importUnsupported?: string;
  /** The operations it is bound to; absent while its protocol implements it by hand. */
  readonly operations?: O;
  readonly readiness?: Readiness;
  /** The output holding when the object was created: an order whose answer was lost is found by it. */
  readonly createdAt?: string;
  /** What its bindings cannot say, in its protocol's hook shape (a module in schemas/<provider>/hooks/). */
  readonly hooks?: object;
}

/** A lookup's data. `O` is the shape of its operation, which its provider protocol defines and interprets. */
export interface LookupDescriptor<O extends object = object> extends EntityDescriptor {
  readonly kind: "lookup";
  readonly inputs: Readonly<Record<string, FieldSpec>>;
  readonly results: Readonly<Record<string, FieldSpec>>;
  readonly secretPaths: readonly string[];
  /** The operation it is bound to, or `hook`: its hook module runs it. */
  readonly operation?: O | "hook";
  /** What its binding cannot say, in its protocol's lookup hook shape. */
  readonly hooks?: object;
}

export interface ProviderDescriptor {
  readonly kind: "provider";
  readonly name: string;
  readonly envPrefix: string;
  readonly config: Readonly<Record<string, FieldSpec>>;
  readonly functions: Readonly<
    Record<string, { readonly token: string; readonly outputs: Readonly<Record<string, FieldSpec>> }>
  >;
}
