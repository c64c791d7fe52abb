import { format, inspect } from "node:util";
import { describe, expect, it } from "vitest";
import type { FieldSpec, LookupDescriptor, ResourceDescriptor, TypeSpec } from "@sdkgen/runtime";
import * as cloudplat from "cloudplat";
import * as netsvc from "netsvc";

/**
 * Every secret field of every resource, lookup and provider config of both packages, found by walking
 * the generated descriptors: each gets a unique marker, enters the SDK as a service answer would (a
 * plain string: the root must wrap it), and no printed form of what a program holds may show it.
 */
const MARK = "S3CRET";
let counter = 0;
const marker = () => `${MARK}-${++counter}-x`;

/** A sample value of a type; secret strings (at any depth) get markers. Union variants by `pick`. */
function sample(type: TypeSpec, pick: number, secret = false): unknown {
  const isSecret = secret || type.secret === true;
  switch (type.kind) {
    case "string":
    case "any":
      return isSecret ? marker() : "plain";
    case "number":
    case "integer":
      return 1;
    case "boolean":
      return true;
    case "list":
      return [sample(type.items, pick, isSecret)];
    case "map":
      return { key: sample(type.values, pick, isSecret) };
    case "object": {
      const o = type.object;
      if (o.kind === "object") return sampleFields(o.fields, pick, isSecret);
      const names = Object.keys(o.variants);
      const name = names[pick % names.length]!;
      return { ...sampleFields(o.variants[name]!.object.fields, pick, isSecret), [o.discriminator.field]: name };
    }
  }
}

const sampleFields = (fields: Readonly<Record<string, FieldSpec>>, pick: number, secret = false) =>
  Object.fromEntries(Object.entries(fields).map(([name, spec]) => [name, sample(spec.type, pick, secret)]));

/** Valid values for a lookup's required inputs (its first allowed value, its lower bound, a well-formed text). */
function requiredInputs(fields: Readonly<Record<string, FieldSpec>>): Record<string, unknown> {
  const valid = (type: TypeSpec): unknown => {
    const c = "constraints" in type ? type.constraints : undefined;
    if (c?.enum) return c.enum[0];
    if (type.kind === "number" || type.kind === "integer") return c?.minimum ?? 1;
    if (type.kind === "boolean") return true;
    if (type.kind === "list") return [valid(type.items)];
    return c?.format === "iso8601"
      ? "2026-01-01T00:00:00Z"
      : c?.format === "datetime-ymd-hms"
        ? "2026-01-01 00:00:00"
        : "plain";
  };
  return Object.fromEntries(
    Object.entries(fields)
      .filter(([, spec]) => spec.mode === "required")
      .map(([name, spec]) => [name, valid(spec.type)]),
  );
}

/** How many samples cover every union variant at least once. */
function variantsIn(type: TypeSpec, seen = new Set<object>()): number {
  if (type.kind === "list") return variantsIn(type.items, seen);
  if (type.kind === "map") return variantsIn(type.values, seen);
  if (type.kind !== "object" || seen.has(type.object)) return 1;
  seen.add(type.object);
  const o = type.object;
  const inner = (fields: Readonly<Record<string, FieldSpec>>) =>
    Math.max(1, ...Object.values(fields).map((f) => variantsIn(f.type, seen)));
  return o.kind === "object"
    ? inner(o.fields)
    : Math.max(Object.keys(o.variants).length, ...Object.values(o.variants).map((v) => inner(v.object.fields)));
}
const picks = (fields: Readonly<Record<string, FieldSpec>>) =>
  Math.max(1, ...Object.values(fields).map((f) => variantsIn(f.type)));

/** Every form a program might print a value in; none may contain a marker. */
function printed(value: unknown): string[] {
  return [
    String(value),
    JSON.stringify(value) ?? "",
    inspect(value),
    inspect(value, { depth: Infinity, showHidden: true }),
    format("%s %o %O %j", value, value, value, value),
    JSON.stringify({ ...(value as object) }),
    inspect({ ...(value as object) }, { depth: Infinity }),
  ];
}
const leaks = (forms: string[]) => forms.filter((text) => text.includes(MARK));

const PACKAGES = { netsvc, cloudplat } as const;
const descriptors = <K extends "resource" | "lookup">(pkg: object, kind: K) =>
  Object.values(pkg).filter(
    (v): v is K extends "resource" ? ResourceDescriptor : LookupDescriptor =>
      typeof v === "object" && v !== null && (v as { kind?: unknown }).kind === kind,
  );

/** An id in the kind's import-id format. */
const sampleId = (d: ResourceDescriptor): string =>
  (d.importId?.parts ?? [{ type: "string" }])
    .map((p) => (p.type === "integer" ? "1" : "id-1"))
    .join(d.importId?.separator);

for (const [pkgName, pkg] of Object.entries(PACKAGES)) {
  describe(`${pkgName}: secrets never printed`, () => {
    const resources = descriptors(pkg, "resource");
    const lookups = descriptors(pkg, "lookup");

    it("finds the descriptors it walks", () => {
      expect(resources.length).toBeGreaterThan(5);
      expect(lookups.length).toBeGreaterThan(5);
    });

    it.each(resources.map((d) => [d.name, d] as const))("resource %s, as read from the service", async (_n, d) => {
      const cls = (pkg as unknown as Record<string, { get: (id: string, o: object) => Promise<object> }>)[d.name]!;
      const idSecret = d.importId?.parts.some((p) => d.fields[p.field]?.type.secret) ?? false;
      for (let pick = 0; pick < picks(d.fields); pick++) {
        const state = sampleFields(d.fields, pick);
        const id = idSecret ? marker() : sampleId(d);
        const provider = { waitMs: 1000, kind: () => ({ read: async () => ({ ...state }) }) };
        const resource = await cls.get(id, { provider });
        expect(leaks(printed(resource)), `${d.name}, variant sample ${pick}`).toEqual([]);
      }
    });

    it.each(lookups.map((d) => [d.name, d] as const))("lookup %s, as answered by the service", async (_n, d) => {
      const fn = (pkg as unknown as Record<string, (args: object, o: object) => Promise<object>>)[d.name]!;
      for (let pick = 0; pick < picks(d.results); pick++) {
        const outputs = sampleFields(d.results, pick);
        const provider = { lookup: () => async () => ({ ...outputs }) };
        const result = await fn(requiredInputs(d.inputs), { provider });
        expect(leaks(printed(result)), `${d.name}, variant sample ${pick}`).toEqual([]);
      }
    });
  });
}

/** The paths of every secret leaf of a field map, through nested objects (`assumeRole.tokenCode`). */
function secretPaths(fields: Readonly<Record<string, FieldSpec>>, prefix: string[] = []): string[][] {
  return Object.entries(fields).flatMap(([name, spec]) =>
    spec.type.secret
      ? [[...prefix, name]]
      : spec.type.kind === "object" && spec.type.object.kind === "object"
        ? secretPaths(spec.type.object.fields, [...prefix, name])
        : [],
  );
}

/** Provider arguments holding one secret at `path`, its parents filled with every field they hold. */
function argsWithSecret(fields: Readonly<Record<string, FieldSpec>>, path: string[], secret: string): object {
  const [head, ...rest] = path;
  const spec = fields[head!]!;
  if (rest.length === 0) return { [head!]: secret };
  const inner = spec.type.kind === "object" && spec.type.object.kind === "object" ? spec.type.object.fields : {};
  return { [head!]: { ...sampleFields(inner, 0), ...argsWithSecret(inner, rest, secret) } };
}

describe("provider configuration: every secret setting, at any depth, never printed", () => {
  for (const [pkgName, pkg] of Object.entries(PACKAGES)) {
    const d = pkg.providerDescriptor;
    const paths = secretPaths(d.config);
    it(`${pkgName}: ${paths.map((p) => p.join(".")).join(", ")}`, () => {
      expect(paths.length).toBeGreaterThan(0);
      for (const path of paths) {
        const secret = marker();
        const args = argsWithSecret(d.config, path, secret);
        // Resolved, or refused for its sample siblings: either way, no form of the outcome shows the secret.
        let outcome: unknown;
        try {
          outcome = (pkg.resolveProviderConfig as (a: object, env: object) => unknown)(args, {});
        } catch (e) {
          outcome = e;
        }
        expect(leaks(printed(outcome)), path.join(".")).toEqual([]);
        if (outcome instanceof Error) expect(outcome.message, path.join(".")).not.toContain(secret);
      }
    });
  }
});

describe("providers: configuration and credentials never printed", () => {
  it("netsvc: the secret key, in every form of the provider and its config", () => {
    const provider = new netsvc.Provider({ acceptPurchaseTerms: true, accessKey: "a", secretKey: `${MARK}-nk` }, {});
    expect(leaks([...printed(provider), ...printed(provider.config), ...printed(provider.terraformConfig())])).toEqual(
      [],
    );
    expect(leaks(printed(provider.client))).toEqual([]);
  });

  it("cloudplat: the secret key, in every form of the provider and its config", () => {
    const provider = new cloudplat.Provider({ secretId: "id", secretKey: `${MARK}-ck` }, {});
    expect(leaks([...printed(provider), ...printed(provider.config), ...printed(provider.terraformConfig())])).toEqual(
      [],
    );
    expect(leaks([...printed(provider.client), ...printed(provider.credentials)])).toEqual([]);
  });
});
