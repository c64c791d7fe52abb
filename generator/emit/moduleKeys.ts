import type { Field, TypeSpec } from "../model/types.js";
import { NodeDigests } from "../model/nodeDigests.js";
import type { PackagePlan } from "../plan/planPackage.js";
import { rootExports } from "../plan/rootExports.js";

/** One TypeScript module of a package: what to emit, and a key of every input its text depends on. */
export interface ModuleJob {
  readonly path: string;
  readonly kind: "resource" | "lookup" | "type" | "enums" | "provider" | "index";
  readonly name?: string;
}

export function moduleJobs(plan: PackagePlan): ModuleJob[] {
  return [
    { path: plan.enumsPath, kind: "enums" },
    { path: plan.providerPath, kind: "provider" },
    { path: plan.indexPath, kind: "index" },
    ...plan.resources.map((r) => ({ path: r.path, kind: "resource" as const, name: r.entity.name })),
    ...plan.lookups.map((l) => ({ path: l.path, kind: "lookup" as const, name: l.entity.name })),
    ...[...plan.types.values()].map((t) => ({ path: t.path, kind: "type" as const, name: t.entity.name })),
  ];
}

/**
 * What a long-lived process (the watch) keeps for the next run's keys: the digest of each model node's
 * JSON, and the types and enums each entity's fields name, by the node. Nodes of unchanged documents
 * are the same objects (ModelMemo), so their digests are not computed again.
 */
export class KeyMemo {
  readonly digests = new NodeDigests();
  readonly named = new WeakMap<object, readonly string[]>();
}

/**
 * Keys of the inputs each module's text depends on: its entity, every named type it reaches (names,
 * docs and secret or replace-on-change flags are read through references) and the enums they use.
 * Equal keys give equal text, which is what lets the cache skip emitting and formatting. A node's
 * JSON is digested once per package (once per session with a memo).
 */
export function moduleKeys(plan: PackagePlan, memo = new KeyMemo()): Map<string, string> {
  const m = plan.model;
  const types = new Map(m.types.map((t) => [t.name, t]));
  const enums = new Map(m.enums.map((e) => [`enum:${e.name}`, e]));
  const digest = (node: object): string => memo.digests.of(node);
  /** The types and enums (prefixed "enum:") a node's fields name directly. */
  const named = (node: object, fields: () => readonly Field[]): readonly string[] => {
    let names = memo.named.get(node);
    if (names === undefined) {
      const into = new Set<string>();
      const add = (s: TypeSpec | undefined): void => {
        if (!s) return;
        if (s.enum) into.add(`enum:${s.enum}`);
        if (s.ref) into.add(s.ref);
        add(s.items);
        add(s.values);
      };
      fields().forEach((f) => add(f.type));
      memo.named.set(node, (names = [...into]));
    }
    return names;
  };
  const closures = new Map<string, Set<string>>();
  /** A type with every type and enum it reaches. */
  const closure = (name: string): Set<string> => {
    let c = closures.get(name);
    if (c) return c;
    c = new Set([name]);
    closures.set(name, c); // set before walking, so a (rejected) cycle cannot recurse forever
    const t = types.get(name)!;
    const direct = t.kind === "union" ? t.variants.map((v) => v.ref) : named(t, () => t.fields);
    for (const n of direct) for (const r of n.startsWith("enum:") ? [n] : closure(n)) c.add(r);
    return c;
  };
  /** Digests of everything the fields of `node` reach, sorted by name. */
  const reached = (node: object, fields: () => readonly Field[]): string => {
    const all = new Set<string>();
    for (const n of named(node, fields)) for (const r of n.startsWith("enum:") ? [n] : closure(n)) all.add(r);
    return [...all]
      .sort()
      .map((n) => digest(enums.get(n) ?? types.get(n)!))
      .join("");
  };
  const key = (job: ModuleJob, node: object, fields: () => readonly Field[], context: unknown = null) =>
    JSON.stringify([job, context]) + digest(node) + reached(node, fields);
  // The root is made of the modules it re-exports.
  const exported = JSON.stringify(rootExports(plan));
  const out = new Map<string, string>([
    [plan.enumsPath, JSON.stringify({ path: plan.enumsPath, kind: "enums" }) + m.enums.map(digest).join("")],
    [plan.indexPath, JSON.stringify(plan.indexPath) + exported],
    [
      plan.providerPath,
      key({ path: plan.providerPath, kind: "provider" }, m.provider, () => [
        ...m.provider.config,
        ...m.provider.functions.flatMap((f) => f.outputs),
      ]),
    ],
  ]);
  for (const r of plan.resources)
    // The protocol decides the descriptor's type and how the bindings are described.
    out.set(
      r.path,
      key(
        { path: r.path, kind: "resource", name: r.entity.name },
        r.entity,
        () => r.entity.fields,
        m.provider.protocol ?? null,
      ),
    );
  for (const l of plan.lookups)
    out.set(
      l.path,
      key({ path: l.path, kind: "lookup", name: l.entity.name }, l.entity, () => [
        ...l.entity.inputs,
        ...l.entity.results,
      ]),
    );
  for (const t of plan.types.values())
    out.set(
      t.path,
      JSON.stringify({ path: t.path, kind: "type", name: t.entity.name }) +
        [...closure(t.entity.name)]
          .sort()
          .map((n) => digest(enums.get(n) ?? types.get(n)!))
          .join(""),
    );
  return out;
}
