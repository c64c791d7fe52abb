/** The YAML shapes as the meta-schema admits them: what validate and model read. */
import type { OnChange, Readiness, WirePaths } from "@sdkgen/runtime";

export type Mode = "required" | "optional" | "optional-computed" | "output";
export type Scalar = string | number | boolean;
export type Protocol = "netsvc" | "cloudplat";

export type RawEnumValue = Scalar | { value: Scalar; description?: string; deprecated?: string };

export interface RawTypeSpec {
  type: "string" | "number" | "integer" | "boolean" | "list" | "map" | "object" | "any";
  items?: RawTypeSpec;
  values?: RawTypeSpec;
  ref?: string;
  fields?: Record<string, RawField>;
  typeName?: string;
  enum?: RawEnumValue[];
  enumName?: string;
  knownValues?: RawEnumValue[];
  minimum?: number;
  maximum?: number;
  notOneOf?: number[];
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  familyFrom?: string;
  caseInsensitive?: boolean;
  secret?: boolean;
}

/** A condition on a sibling field: it `equals` one value, or is `in` a list of them. */
export type RawCondition = { field: string; equals?: Scalar; in?: Scalar[] };

export interface RawField extends RawTypeSpec {
  description: string;
  mode?: Mode;
  guaranteed?: boolean;
  default?: unknown;
  env?: string;
  deprecated?: string;
  replaceOnChange?: string | { reason: string; exceptVariants?: string[] };
  /** `equals` one value, or `in` a list of them (any of which requires the field). */
  requiredWhen?: RawCondition;
  /** The input may be given only while the condition holds. */
  onlyWhen?: RawCondition;
  conflictsWith?: string[];
  wireName?: string;
  writeOnly?: boolean;
  exposed?: boolean;
  wirePath?: string | WirePaths;
  onChange?: OnChange;
  notSent?: string;
  references?: string[];
}

export interface RawExample {
  title: string;
  description?: string;
  code: string;
}

export type RawFields = Record<string, RawField>;

export interface RawImportId {
  description?: string;
  separator?: string;
  parts?: {
    field: string;
    type: "string" | "integer" | "list";
    minimum?: number;
    optional?: boolean;
    itemSeparator?: string;
  }[];
  unsupported?: string;
}

export interface RawEntity {
  version: 1;
  kind: "provider" | "resource" | "lookup" | "object" | "union" | "group";
  name: string;
  description: string;
  deprecated?: string;
  wireCase?: "camel" | "pascal" | "snake";
  include?: string[];
  fields?: RawFields;
  inputs?: RawFields;
  outputs?: RawFields;
  token?: string;
  importId?: RawImportId;
  lifecycle?: { notes?: string[] };
  operations?: Record<string, Record<string, unknown>>;
  operation?: Record<string, unknown> | "hook";
  readiness?: Readiness;
  createdAt?: string;
  hooks?: string;
  examples?: RawExample[];
  discriminator?: { field: string; wireName?: string; caseInsensitive?: boolean; description: string };
  variants?: Record<string, { ref: string; wireValue?: string; description?: string; deprecated?: string }>;
  // provider only
  displayName?: string;
  protocol?: Protocol;
  envPrefix?: string;
  package?: {
    name: string;
    version: string;
    description: string;
    keywords?: string[];
    license?: string;
    testing?: { resource: string; inputs: Record<string, unknown> };
  };
  config?: RawFields;
  quickStart?: string;
  functions?: Record<
    string,
    {
      token: string;
      description: string;
      receiver?: { name: string; description: string };
      inputs?: RawFields;
      outputs: RawFields;
    }
  >;
}
