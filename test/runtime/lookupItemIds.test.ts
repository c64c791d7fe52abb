import { describe, expect, it } from "vitest";
import type { FieldSpec, LookupDescriptor, TypeSpec } from "@sdkgen/runtime";
import type { CloudplatLookupOperation } from "@sdkgen/runtime/cloudplat";
import * as cloudplat from "cloudplat";

// A list lookup is how a program finds an object's id (issue 40: getApiGatewayApis listed APIs
// without theirs, and its result id was "#"). Held here for every bound cloudplat lookup, from the
// descriptors the package ships: the ids `identifiedBy` filters on are outputs of the items, and an
// id made of inputs names required ones only (an optional one left out leaves a bare "#").
const lookups = Object.values(cloudplat).flatMap((v) => {
  const d = v as Partial<LookupDescriptor<CloudplatLookupOperation>>;
  return d.kind === "lookup" && typeof d.operation === "object"
    ? [{ d: d as LookupDescriptor<CloudplatLookupOperation>, op: d.operation }]
    : [];
});

/** The output field a wire path (`Lists[].ApiId`) reads, walking lists and objects by wire name. */
function fieldAt(fields: Readonly<Record<string, FieldSpec>>, path: string): FieldSpec | undefined {
  const [key, ...rest] = path.split("[].");
  const field = Object.values(fields).find((f) => f.wire === key);
  if (!field || rest.length === 0) return field;
  const inner = objectFields(field.type);
  return inner && fieldAt(inner, rest.join("[]."));
}

function objectFields(type: TypeSpec): Readonly<Record<string, FieldSpec>> | undefined {
  if (type.kind === "list") return objectFields(type.items);
  return type.kind === "object" && type.object.kind === "object" ? type.object.fields : undefined;
}

describe("list lookups give their objects' ids", () => {
  it("finds the bound lookups", () => expect(lookups.length).toBeGreaterThan(20));

  it.each(lookups.flatMap(({ d, op }) => (op.identifiedBy ? [[d.name, d, op.identifiedBy] as const] : [])))(
    "%s: each item reads the id its `id` input filters on",
    (_, d, paths) => {
      for (const path of paths) expect(fieldAt(d.results, path), path).toBeDefined();
    },
  );

  it.each(lookups.flatMap(({ d, op }) => (typeof op.id === "string" ? [[d.name, d, op.id] as const] : [])))(
    "%s: a result id made of inputs names required ones",
    (_, d, template) => {
      const named = [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
      expect(named.filter((name) => d.inputs[name]?.mode !== "required")).toEqual([]);
    },
  );
});
