import type { Condition, EnumType, EnumValue, Field, TypeSpec } from "../model/types.js";
import { boundsText } from "../boundsText.js";
import { oncePer } from "../memo.js";
import { capital } from "../naming.js";
import { isSecret } from "../describe/describe.js";
import { fieldWireText } from "../describe/describeWire.js";
import { code, escape, inline, pageLink } from "./html.js";
import type { Site } from "./site.js";

/** One row of a fields table: every fact the model has about the field, as HTML fragments. */
export interface FieldRow {
  readonly anchor: string;
  readonly name: string;
  readonly type: string;
  readonly presence: string;
  readonly description: string;
  readonly facts: readonly string[];
  readonly change: string | undefined;
  readonly deprecated: string | undefined;
}

/** The type of a field as HTML, named object and union types linked to their pages. */
function typeHtml(s: TypeSpec, site: Site, root: string): string {
  if (s.kind === "list") return `list of ${typeHtml(s.items!, site, root)}`;
  if (s.kind === "map") return `map of ${typeHtml(s.values!, site, root)}`;
  if (s.ref) return pageLink(root, site.typePage, s.ref);
  return s.enum ? `${s.kind} (enum <code>${escape(s.enum)}</code>)` : s.kind;
}

const FORMATS: Record<NonNullable<TypeSpec["format"]>, string> = {
  cidr: "a network prefix with no host bits set (<code>10.0.0.0/8</code>)",
  "cidr-ipv4": "an IPv4 network prefix (<code>10.0.0.0/8</code>)",
  "cidr-ipv6": "an IPv6 network prefix (<code>2001:db8::/32</code>)",
  "ip-cidr": "an interface address with a prefix length (<code>10.0.0.1/30</code>)",
  ip: "an IP address",
  mac: "a MAC address",
  iso8601: "an ISO 8601 time",
  "datetime-ymd-hms": "a time as <code>YYYY-MM-DD hh:mm:ss</code>",
  json: "a JSON document",
};

const valueItem = (v: EnumValue): string =>
  `<li>${code(v.value)}${v.description ? `: ${inline(v.description)}` : ""}${
    v.deprecated ? ` <em>Deprecated: ${inline(v.deprecated)}</em>` : ""
  }</li>`;

/** An enum's values as a list, built once per enum: every field of the enum's type shows it. */
const valueList = oncePer((e: EnumType): string => `<ul>${e.values.map(valueItem).join("")}</ul>`);

function constraintFacts(s: TypeSpec, site: Site, where = ""): string[] {
  const out: string[] = [];
  const e = s.enum ? site.enums.get(s.enum) : undefined;
  if (e) out.push(`${where}Allowed values${e.caseInsensitive ? " (case-insensitive)" : ""}:${valueList(e)}`);
  if (s.knownValues)
    out.push(`${where}Known values (others are accepted):<ul>${s.knownValues.map(valueItem).join("")}</ul>`);
  const value = boundsText(s.minimum, s.maximum);
  if (value) out.push(`${where}Value ${value}.`);
  if (s.notOneOf) out.push(`${where}Not ${s.notOneOf.map((n) => code(n)).join(", ")}.`);
  const items = boundsText(s.minItems, s.maxItems, "item");
  if (items) out.push(`${where}${capital(items)}.`);
  const length = boundsText(s.minLength, s.maxLength, "character");
  if (length) out.push(`${where}Length ${length}.`);
  if (s.pattern) out.push(`${where}Matches <code>${escape(s.pattern)}</code>.`);
  if (s.format) out.push(`${where}Format: ${FORMATS[s.format]}.`);
  if (s.familyFrom) out.push(`${where}Address family chosen by <code>${escape(s.familyFrom)}</code>.`);
  if (s.items) out.push(...constraintFacts(s.items, site, "Each item: "));
  if (s.values) out.push(...constraintFacts(s.values, site, "Each value: "));
  return out;
}

/** The rows of a page's "On the wire" table: the fields that travel under another name or path. */
export const wireRows = (fields: readonly Field[], anchorPrefix: string) =>
  fields.flatMap((f) => {
    const wire = fieldWireText(f);
    return wire ? [{ anchor: `${anchorPrefix}-${f.name}`, name: f.name, wire: inline(wire) }] : [];
  });

/** What changing an input of a resource does. */
function changeHtml(f: Field): string {
  const r = f.replaceOnChange;
  if (r)
    return `<strong>Replaces</strong> the resource: ${inline(r.reason)}${
      r.exceptVariants ? ` Variants ${r.exceptVariants.map((v) => code(v)).join(", ")} update in place.` : ""
    }`;
  const c = f.onChange;
  if (c && "reject" in c && c.reject) return `<strong>Rejected</strong> by <code>update()</code>: ${inline(c.reject)}`;
  if (c && "createOnly" in c && c.createOnly)
    return `<strong>Create only</strong>: sent at creation, later changes are not compared. ${inline(c.createOnly)}`;
  if (c && "update" in c && c.update !== "update") return "In place, by a request of its own.";
  return "In place.";
}

const conditionHtml = ({ field, values }: Condition) =>
  `<code>${escape(field)}</code> is ${values.map(code).join(" or ")}`;

function presence(f: Field): string {
  if (f.mode === "output") return f.guaranteed ? "always set" : "may be absent";
  if (f.mode === "required") return "required";
  const when = [
    f.requiredWhen && `; required when ${conditionHtml(f.requiredWhen)}`,
    f.onlyWhen && `; only when ${conditionHtml(f.onlyWhen)}`,
  ].join("");
  return (f.mode === "optional-computed" ? "optional (the service fills it when omitted)" : "optional") + when;
}

/** A fields table's rows; `change` adds what a change to each input does (resource inputs only). */
export function fieldRows(
  fields: readonly Field[],
  site: Site,
  root: string,
  anchorPrefix: string,
  options: { change?: boolean } = {},
): FieldRow[] {
  const kindLink = (k: string) => pageLink(root, site.resourcePage, k);
  return fields.map((f) => {
    const facts = constraintFacts(f.type, site);
    if (f.default !== undefined) facts.unshift(`Default: ${code(f.default)}.`);
    if (f.env) facts.push(`Environment variable: <code>${escape(f.env)}</code>.`);
    if (f.exposed) facts.push(`Read back as <code>provider.${escape(f.name)}</code>.`);
    if (isSecret(f.type))
      facts.push(
        "<strong>Secret</strong>: <code>Secret</code> in results; its string, JSON and inspect forms print <code>[secret]</code>.",
      );
    if (f.references) facts.push(`Holds the id of ${f.references.map(kindLink).join(" or ")}.`);
    if (f.conflictsWith.length)
      facts.push(`Not together with ${f.conflictsWith.map((n) => `<code>${escape(n)}</code>`).join(", ")}.`);
    if (f.writeOnly) facts.push("Write-only: the service never returns it; after an import it is unknown.");
    return {
      anchor: `${anchorPrefix}-${f.name}`,
      name: f.name,
      type: typeHtml(f.type, site, root),
      presence: presence(f),
      description: inline(f.description),
      facts,
      change: options.change && f.mode !== "output" ? changeHtml(f) : undefined,
      deprecated: f.deprecated && inline(f.deprecated),
    };
  });
}
