import type { Diagnostic } from "../../diagnostics.js";
import type { LocatedField } from "../../load/providerIndex.js";
import { at, locate } from "../../load/sourceDoc.js";
import { toWireCase } from "../../naming.js";
import type { Rule } from "./rule.js";

/** Members every object has (`__proto__`, …): classes cannot declare them, and wire values there get lost. */
const OBJECT_MEMBERS = new Set(Object.getOwnPropertyNames(Object.prototype));

export const fieldNames: Rule = {
  id: "field-names",
  description: "field names of one object are unique after case conversion, and none is a member every object has",
  document: (walk) =>
    walk.maps.flatMap((m) => [
      ...m.fields
        .filter((f) => OBJECT_MEMBERS.has(f.name))
        .map((f) => {
          const message = `field name "${f.name}" is a member every JavaScript object has; name it otherwise (wireName keeps its wire name)`;
          return at(f.src, f.path, message, "key");
        }),
      ...m.clashes.map(({ field: f, prior }) => {
        const where = prior.group
          ? `included from group ${prior.group}`
          : `declared at line ${locate(prior.src, prior.path, "key").line}`;
        const message = `field "${f.name}" collides with "${prior.name}" (${where}); names must differ after case conversion`;
        return at(f.src, f.path, message, "key");
      }),
    ]),
};

/** Where an input is sent by each operation that sends inputs: its wire path there, else its wire name. */
function placements(f: LocatedField, wire: string): { op: "create" | "update"; path: string; byPath: boolean }[] {
  const wp = f.raw.wirePath;
  return (["create", "update"] as const).map((op) => {
    const path = typeof wp === "string" ? wp : wp?.[op];
    return { op, path: path ?? wire, byPath: path !== undefined };
  });
}

export const wireNames: Rule = {
  id: "wire-names",
  description:
    "the inputs of one object are sent under distinct wire keys and paths on each operation (outputs may read the same key), none through a member every object has",
  document: (walk) =>
    walk.maps.flatMap(({ fields, scope }) => {
      const out: Diagnostic[] = [];
      for (const f of fields) out.push(...objectMembers(f));
      const sent = new Map<string, LocatedField>();
      for (const f of fields) {
        if (scope.position !== "input" || f.raw.mode === "output") continue;
        const wire = f.raw.wireName ?? toWireCase(f.name, scope.wireCase);
        const clashes = placements(f, wire).flatMap((p) => {
          const prior = sent.get(`${p.op}\t${p.path}`);
          if (!prior) sent.set(`${p.op}\t${p.path}`, f);
          return prior ? [{ ...p, prior }] : [];
        });
        const first = clashes[0];
        if (!first) continue;
        const message = first.byPath
          ? `wire path "${first.path}" is already sent by input "${first.prior.name}" (on ${clashes.map((c) => c.op).join(" and ")})`
          : `wire name "${wire}" is already sent by input "${first.prior.name}"`;
        const key = first.byPath ? ["wirePath"] : f.raw.wireName ? ["wireName"] : [];
        out.push(at(f.src, [...f.path, ...key], message));
      }
      return out;
    }),
};

function objectMembers(f: LocatedField): Diagnostic[] {
  const wp = f.raw.wirePath;
  const spellings: [what: string, text: string, key: string[]][] = [];
  if (f.raw.wireName !== undefined) spellings.push(["wire name", f.raw.wireName, ["wireName"]]);
  if (typeof wp === "string") spellings.push(["wire path", wp, ["wirePath"]]);
  else for (const [op, p] of Object.entries(wp ?? {})) spellings.push(["wire path", String(p), ["wirePath", op]]);
  return spellings.flatMap(([what, text, key]) => {
    const member = text.split(".").find((segment) => OBJECT_MEMBERS.has(segment));
    if (member === undefined) return [];
    const message = `${what} "${text}" uses "${member}", a member every JavaScript object has: the value would be lost or change every object`;
    return [at(f.src, [...f.path, ...key], message)];
  });
}
