import type { OnChange, Readiness, WirePaths } from "@sdkgen/runtime";
import type { Mode, Protocol, Scalar } from "../load/rawTypes.js";
import type { SourcePos } from "../diagnostics.js";

/** The model every emitter and the diff read: immutable, groups merged, inline objects hoisted, sorted. */

/** A node's position, under a symbol so JSON forms skip it: moving a line changes nothing generated. */
export const SOURCE = Symbol("source");

export interface Sourced {
  readonly [SOURCE]: SourcePos;
}

export type ScalarKind = "string" | "number" | "integer" | "boolean" | "any";
export type Format =
  "cidr" | "cidr-ipv4" | "cidr-ipv6" | "ip-cidr" | "ip" | "mac" | "iso8601" | "datetime-ymd-hms" | "json";

export interface EnumValue {
  readonly value: Scalar;
  readonly description?: string;
  readonly deprecated?: string;
}

export interface TypeSpec {
  readonly kind: ScalarKind | "list" | "map" | "object";
  readonly items?: TypeSpec;
  readonly values?: TypeSpec;
  readonly ref?: string;
  readonly enum?: string;
  readonly knownValues?: readonly EnumValue[];
  readonly minimum?: number;
  readonly maximum?: number;
  readonly notOneOf?: readonly number[];
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: string;
  readonly format?: Format;
  readonly familyFrom?: string;
  readonly secret: boolean;
}

// The bindings' shapes are the descriptors' own: the model passes them through to the runtime as they are.
export type { OnChange, Readiness, WirePaths } from "@sdkgen/runtime";
export type { Mode, Protocol, Scalar } from "../load/rawTypes.js";

/** A condition on a sibling field's value: it holds any of `values`. */
export interface Condition {
  readonly field: string;
  readonly values: readonly Scalar[];
}

export interface Field extends Sourced {
  readonly name: string;
  readonly wireName: string;
  readonly description: string;
  readonly mode: Mode;
  readonly guaranteed: boolean;
  readonly type: TypeSpec;
  readonly default?: unknown;
  readonly env?: string;
  readonly deprecated?: string;
  readonly replaceOnChange?: { readonly reason: string; readonly exceptVariants?: readonly string[] };
  /** Required when `field` holds any of `values`. */
  readonly requiredWhen?: Condition;
  /** May be given only when `field` holds any of `values`. */
  readonly onlyWhen?: Condition;
  readonly conflictsWith: readonly string[];
  /** The service never returns it: after an import it is unknown, and not compared. */
  readonly writeOnly: boolean;
  /** A provider setting the Provider instance also offers as a read-only property. */
  readonly exposed?: true;
  readonly wirePath?: WirePaths;
  readonly onChange?: OnChange;
  /** Why create does not send this input. */
  readonly notSent?: string;
  /** The resources whose ids it holds (documentation: the docs' diagram of references). */
  readonly references?: readonly string[];
  readonly group?: string;
}

/** Sourced at its last declaration (fields sharing an enum name share its values). */
export interface EnumType extends Sourced {
  readonly name: string;
  readonly base: "string" | "number" | "integer" | "boolean";
  readonly values: readonly EnumValue[];
  readonly caseInsensitive: boolean;
}

export interface ObjectType extends Sourced {
  readonly kind: "object";
  readonly name: string;
  readonly description: string;
  readonly fields: readonly Field[];
  readonly inline: boolean;
  readonly usage: TypeUsage;
  readonly file: string;
}

/** Which generated forms a named type needs: `<Type>Args` for inputs, `<Type>` for outputs. */
export interface TypeUsage {
  readonly input: boolean;
  readonly output: boolean;
}

export interface UnionVariant {
  readonly value: string;
  readonly ref: string;
  readonly wireValue?: string;
  readonly description?: string;
  readonly deprecated?: string;
}

export interface UnionType extends Sourced {
  readonly kind: "union";
  readonly name: string;
  readonly description: string;
  readonly discriminator: {
    readonly field: string;
    readonly wireName: string;
    readonly caseInsensitive: boolean;
    readonly description: string;
  };
  readonly variants: readonly UnionVariant[];
  readonly usage: TypeUsage;
  readonly file: string;
}

export type NamedType = ObjectType | UnionType;

export interface ImportIdPart {
  readonly field: string;
  readonly type: "string" | "integer" | "list";
  readonly minimum?: number;
  readonly optional: boolean;
  readonly itemSeparator?: string;
}

/** How an object's id is made of its fields: `<serviceId>#<apiId>`. */
export interface IdFormat {
  readonly separator: string;
  readonly parts: readonly ImportIdPart[];
}

/** The import id, also the SDK's object id; without import, a format still lets operations address the object. */
export type ImportId =
  | (IdFormat & { readonly supported: true; readonly description?: string })
  | { readonly supported: false; readonly reason: string; readonly format?: IdFormat };

/** An example program from the schema: TypeScript statements, shown in the docs and type-checked. */
export interface Example {
  readonly title: string;
  readonly description?: string;
  readonly code: string;
}

/** What a resource and a lookup both have. */
export interface Entity extends Sourced {
  readonly name: string;
  readonly token: string;
  readonly description: string;
  readonly deprecated?: string;
  /** The hook module (schemas/<provider>/hooks/<name>.ts) for what its bindings cannot say. */
  readonly hooks?: string;
  readonly examples: readonly Example[];
  readonly file: string;
}

export interface Resource extends Entity {
  readonly fields: readonly Field[];
  readonly importId: ImportId;
  readonly lifecycleNotes: readonly string[];
  /** The operations it is bound to, in its protocol's shape (checked by that protocol's rules). */
  readonly operations?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  readonly readiness?: Readiness;
  /** The output holding the creation time, by which an order whose answer was lost is found. */
  readonly createdAt?: string;
}

export interface Lookup extends Entity {
  readonly inputs: readonly Field[];
  /** Declared outputs and echoed inputs: the fields of `Get<Name>Result`. */
  readonly results: readonly Field[];
  /** The operation it is bound to, in its protocol's shape, or `hook` (its hook module runs it). */
  readonly operation?: Readonly<Record<string, unknown>> | "hook";
}

export interface ProviderFunction extends Sourced {
  readonly name: string;
  readonly token: string;
  readonly description: string;
  readonly receiver?: { readonly name: string; readonly description: string };
  readonly inputs: readonly Field[];
  readonly outputs: readonly Field[];
}

export interface Provider extends Sourced {
  readonly name: string;
  readonly displayName: string;
  readonly description: string;
  readonly envPrefix: string;
  readonly protocol?: Protocol;
  readonly package: {
    readonly name: string;
    readonly version: string;
    readonly description: string;
    readonly keywords: readonly string[];
    /** SPDX id: the package's `license` and its LICENSE file. */
    readonly license: string;
    /** A `testing` entry (the provider's emulator) and the resource and inputs the README's stack test declares. */
    readonly testing?: { readonly resource: string; readonly inputs: Readonly<Record<string, unknown>> } | undefined;
  };
  readonly config: readonly Field[];
  readonly functions: readonly ProviderFunction[];
  readonly examples: readonly Example[];
  /** The README's quick start program, written in the schema: the tests run it against an emulator. */
  readonly quickStart?: string;
  readonly file: string;
}

export interface PackageModel {
  readonly provider: Provider;
  /** The hook modules, each copied into the package as `src/hooks/<name>.ts`. */
  readonly hooks: readonly { readonly name: string; readonly file: string; readonly text: string }[];
  readonly resources: readonly Resource[];
  readonly lookups: readonly Lookup[];
  readonly types: readonly NamedType[];
  readonly enums: readonly EnumType[];
}
