import type { Field, Resource, TypeSpec } from "../model/types.js";
import { escape } from "./html.js";
import type { Site } from "./site.js";

/** One "refers to" arrow: a resource whose fields (at `paths`) hold ids of another. */
export interface Reference {
  readonly from: string;
  readonly to: string;
  readonly paths: readonly string[];
}

/** Every reference between resources, from the `references` of their fields and of the types they use. */
export function references(site: Site): Reference[] {
  return site.model.resources.flatMap((r) => {
    // One arrow per kind referred to, with every path to it.
    const byKind = new Map<string, string[]>();
    walkFields(r.fields, "", site, new Set(), (path, f) =>
      f.references!.forEach((k) => byKind.set(k, [...(byKind.get(k) ?? []), path])),
    );
    return [...byKind].sort(([a], [b]) => (a < b ? -1 : 1)).map(([to, paths]) => ({ from: r.name, to, paths }));
  });
}

function walkFields(
  fields: readonly Field[],
  prefix: string,
  site: Site,
  seen: ReadonlySet<string>,
  found: (path: string, f: Field) => void,
): void {
  const spec = (s: TypeSpec, path: string) => {
    if (s.items) spec(s.items, `${path}[*]`);
    if (s.values) spec(s.values, `${path}.*`);
    const t = s.ref && !seen.has(s.ref) ? site.types.get(s.ref) : undefined;
    if (!t) return;
    const inner = new Set([...seen, t.name]);
    for (const o of t.kind === "union" ? t.variants.map((v) => site.types.get(v.ref)) : [t])
      if (o?.kind === "object") walkFields(o.fields, `${path}.`, site, inner, found);
  };
  for (const f of fields) {
    if (f.references) found(prefix + f.name, f);
    spec(f.type, prefix + f.name);
  }
}

const NODE_H = 32;
const ROW_GAP = 64;
const COL_GAP = 24;
const CHAR_W = 7.5;
const LOOSE_PER_ROW = 6;

/** Layers: a kind one row above the deepest kind it refers to, so arrows point down; unlinked kinds come last. */
function layers(resources: readonly Resource[], refs: readonly Reference[]): string[][] {
  const out = new Map<string, string[]>();
  for (const r of refs) if (r.from !== r.to) out.set(r.from, [...(out.get(r.from) ?? []), r.to]);
  const linked = new Set(refs.flatMap((r) => (r.from === r.to ? [] : [r.from, r.to])));
  const depth = new Map<string, number>();
  const visit = (name: string, path: Set<string>): number => {
    const known = depth.get(name);
    if (known !== undefined) return known;
    const next = new Set([...path, name]);
    const d = Math.max(-1, ...(out.get(name) ?? []).filter((n) => !path.has(n)).map((n) => visit(n, next))) + 1;
    depth.set(name, d);
    return d;
  };
  const names = resources.map((r) => r.name).filter((n) => linked.has(n));
  names.forEach((n) => visit(n, new Set()));
  const rows: string[][] = [];
  for (const n of names) (rows[depth.get(n)!] ??= []).push(n);
  const ordered = rows.filter(Boolean).reverse();
  const loose = resources.map((r) => r.name).filter((n) => !linked.has(n));
  for (let i = 0; i < loose.length; i += LOOSE_PER_ROW) ordered.push(loose.slice(i, i + LOOSE_PER_ROW));
  return ordered;
}

/** The inline SVG of how the kinds refer to each other; every kind a link to its page. */
export function diagramSvg(site: Site, refs: readonly Reference[], root: string): string {
  const rows = layers(site.model.resources, refs);
  const placed = new Map<string, { name: string; x: number; y: number; w: number }>();
  let width = 0;
  rows.forEach((row, i) => {
    let x = COL_GAP;
    for (const name of row) {
      const w = Math.round(name.length * CHAR_W + 24);
      placed.set(name, { name, x, y: COL_GAP + i * (NODE_H + ROW_GAP), w });
      x += w + COL_GAP;
    }
    width = Math.max(width, x);
  });
  const height = COL_GAP * 2 + rows.length * (NODE_H + ROW_GAP) - ROW_GAP;
  const edges = refs
    .filter((r) => r.from !== r.to && placed.has(r.from) && placed.has(r.to))
    .map((r) => {
      const a = placed.get(r.from)!;
      const b = placed.get(r.to)!;
      const [x1, y1, x2, y2] = [a.x + a.w / 2, a.y + NODE_H, b.x + b.w / 2, b.y];
      const bend = (y2 - y1) / 2 || ROW_GAP / 2;
      return `<path class="edge" d="M${x1} ${y1} C${x1} ${y1 + bend} ${x2} ${y2 - bend} ${x2} ${y2}" marker-end="url(#arrow)"><title>${escape(
        `${r.from} → ${r.to}: ${r.paths.join(", ")}`,
      )}</title></path>`;
    });
  const nodes = [...placed.values()].map(
    (n) =>
      `<a href="${root}${site.resourcePage.get(n.name)}" class="node" data-kind="${escape(n.name)}"><rect x="${n.x}" y="${n.y}" width="${n.w}" height="${NODE_H}" rx="6"/><text x="${n.x + n.w / 2}" y="${n.y + NODE_H / 2 + 5}">${escape(n.name)}</text></a>`,
  );
  return [
    `<svg class="diagram" xmlns="http://www.w3.org/2000/svg" role="img" aria-label="How the kinds refer to each other" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path d="M0 0 L10 5 L0 10 z"/></marker></defs>`,
    ...edges,
    ...nodes,
    "</svg>",
  ].join("\n");
}
