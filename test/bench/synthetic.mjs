// Writes a synthetic provider of `count` entities (types, resources, lookups) for the benchmark:
// realistic field mixes (enums, shared and inline objects, lists, maps, secrets, replace-on-change,
// defaults, bounds) so the generator does the same work per entity as on the real schemas. Every
// resource and lookup is bound to operations of the netsvc protocol, as the real ones are, so the
// package has a class per resource and a function per lookup (what a consumer program uses).
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export function writeSynthetic(schemasDir, count = 2000) {
  const root = join(schemasDir, "synth");
  for (const d of ["resources", "lookups", "types"]) mkdirSync(join(root, d), { recursive: true });
  const { types, resources, lookups } = syntheticCounts(count);
  writeFileSync(join(root, "provider.yaml"), providerYaml());
  for (let i = 0; i < types; i++) writeFileSync(join(root, "types", `part${i}.yaml`), partYaml(i));
  for (let i = 0; i < resources; i++) writeFileSync(join(root, "resources", `thing${i}.yaml`), resourceYaml(i, types));
  for (let i = 0; i < lookups; i++) writeFileSync(join(root, "lookups", `getThings${i}.yaml`), lookupYaml(i, types));
  return { types, resources, lookups };
}

// The pieces writeSynthetic writes, exported so that another description of the same provider (the
// OpenAPI document of peer.mjs) is derived from the same text rather than from a copy of it.

/** How `count` entities divide: 5% shared types, the rest half resources, half lookups. */
export function syntheticCounts(count = 2000) {
  const types = Math.round(count * 0.05);
  const resources = Math.round((count - types) / 2);
  return { types, resources, lookups: count - types - resources };
}

/** synth/provider.yaml. */
export function providerYaml() {
  return `version: 1
kind: provider
name: synth
description: A synthetic provider for benchmarks.
envPrefix: SYNTH
protocol: netsvc
package: { name: synth, version: 0.0.1, description: Synthetic. }
config:
  token: { type: string, mode: required, secret: true, env: SYNTH_TOKEN, description: API token. }
  region: { type: string, mode: optional, default: r1, env: SYNTH_REGION, description: Region. }
  acceptPurchaseTerms: { type: boolean, mode: required, env: SYNTH_ACCEPT_TERMS, description: Terms accepted. }
  accessKey: { type: string, mode: required, env: SYNTH_ACCESS_KEY, description: Access key. }
  secretKey: { type: string, mode: required, secret: true, env: SYNTH_SECRET_KEY, description: Secret key. }
  environment: { type: string, mode: optional, default: production, enum: [production, staging], description: Environment. }
  cancelAtEndOfTerm: { type: boolean, mode: optional, default: false, description: Cancel at the end of the term. }
  waitTime: { type: integer, mode: optional, default: 10, minimum: 1, description: Minutes to wait. }
`;
}

/** synth/types/part<i>.yaml: the shared object type Part<i>. */
export function partYaml(i) {
  return `version: 1
kind: object
name: Part${i}
description: Shared part ${i}.
fields:
  label: { type: string, mode: required, maxLength: 64, description: Label of part ${i}. }
  weight: { type: integer, mode: optional, minimum: 0, maximum: 1000, description: Weight. }
  colour: { type: string, mode: optional, enum: [red, green, blue], enumName: Colour, description: Colour. }
  tags: { type: list, mode: optional, maxItems: 10, items: { type: string }, description: Tags. }
  password: { type: string, mode: optional, secret: true, description: Password. }
  state: { type: string, mode: output, knownValues: [UP, DOWN], description: State. }
`;
}

/** synth/lookups/getThings<i>.yaml: a lookup whose items refer to one of the `types` shared types. */
export function lookupYaml(i, types) {
  return `version: 1
kind: lookup
name: getThings${i}
token: synth:index/getThings${i}:getThings${i}
description: Things of kind ${i}.
inputs:
  name: { type: string, mode: optional, description: Name filter. }
  since: { type: string, mode: optional, format: datetime-ymd-hms, description: Earliest time. }
  kind: { type: string, mode: required, enum: [a, b, c], description: Kind. }
outputs:
  id: { type: string, guaranteed: true, description: Identifier. }
  total: { type: integer, description: Total count. }
  items:
    type: list
    guaranteed: true
    description: Matching things.
    items:
      type: object
      fields:
        uid: { type: string, description: Unique id. }
        size: { type: integer, description: Size. }
        part: { type: object, ref: Part${i % types}, description: Its part. }
        secretNote: { type: string, secret: true, description: A note. }
operation: { path: "/v2/things${i}/{kind}?name={name}&since={since}", into: items, id: "{kind}" }
`;
}

/** synth/resources/thing<i>.yaml: a resource whose object fields refer to two of the `types` shared types. */
export function resourceYaml(i, types) {
  return `version: 1
kind: resource
name: Thing${i}
token: synth:index/thing${i}:Thing${i}
description: Thing number ${i}, a synthetic resource.
fields:
  name: { type: string, mode: required, minLength: 1, maxLength: 64, description: Name of the thing. }
  term: { type: integer, mode: required, enum: [1, 12, 24, 36], enumName: Term, description: Contract term. }
  speed: { type: integer, mode: required, enum: [1000, 10000, 100000], replaceOnChange: Speed is fixed., description: Speed. }
  location: { type: integer, mode: required, minimum: 1, replaceOnChange: Things cannot move., description: Location. }
  zone: { type: string, mode: optional-computed, enum: [red, blue], enumName: Zone, description: Zone. }
  note: { type: string, mode: optional, description: Free text. }
  shutdown: { type: boolean, mode: optional, default: false, description: Shut down. }
  vlan: { type: integer, mode: optional, minimum: -1, maximum: 4093, notOneOf: [1], description: VLAN. }
  labels: { type: map, mode: optional, values: { type: string }, description: Labels. }
  parts: { type: list, mode: optional, maxItems: 5, items: { type: object, ref: Part${i % types} }, description: Parts. }
  main: { type: object, mode: optional, ref: Part${(i + 1) % types}, description: Main part. }
  key: { type: string, mode: optional, secret: true, replaceOnChange: A new key is a new thing., description: Key. }
  mac: { type: string, mode: optional, format: mac, description: MAC address. }
  old: { type: string, mode: optional, deprecated: Use note., description: Old note. }
  uid: { type: string, mode: output, guaranteed: true, description: Unique id. }
  status: { type: string, mode: output, knownValues: [LIVE, DOWN], description: Status. }
  created: { type: string, mode: output, format: iso8601, description: Creation time. }
operations:
  create: { method: POST, path: /v2/thing${i}, newId: uid }
  read: { method: GET, path: "/v2/thing${i}/{id}" }
  update: { method: PUT, path: "/v2/thing${i}/{id}" }
  delete: { method: DELETE, path: "/v2/thing${i}/{id}" }
  list: { method: GET, path: /v2/thing${i}, itemId: uid }
readiness: readable
importId:
  parts: [{ field: uid, type: string }]
lifecycle:
  notes: [Waits until LIVE.]
`;
}

/**
 * One resource of `fields` flat fields (46,000 make the 5 MB file of the reliability issue): the
 * figure that shows whether validation stays linear in a file's size.
 */
export function writeHugeResource(schemasDir, fields = 46_000) {
  const root = join(schemasDir, "huge");
  mkdirSync(join(root, "resources"), { recursive: true });
  writeFileSync(
    join(root, "provider.yaml"),
    "version: 1\nkind: provider\nname: huge\ndescription: One very large resource.\nenvPrefix: HUGE\npackage: { name: huge, version: 0.0.1, description: Huge. }\nconfig:\n  token: { type: string, mode: optional, secret: true, env: HUGE_TOKEN, description: Token. }\n",
  );
  const lines = [
    "version: 1",
    "kind: resource",
    "name: Huge",
    "token: huge:index/huge:Huge",
    "description: Very many fields.",
    "fields:",
  ];
  for (let i = 0; i < fields; i++)
    lines.push(
      `  field${i}: { type: string, mode: optional, maxLength: 64, description: Field number ${i} of the huge resource - a setting. }`,
    );
  lines.push(
    "  uid: { type: string, mode: output, description: Id. }",
    "importId:",
    "  parts: [{ field: uid, type: string }]",
    "",
  );
  const text = lines.join("\n");
  writeFileSync(join(root, "resources", "huge.yaml"), text);
  return { bytes: Buffer.byteLength(text) };
}
