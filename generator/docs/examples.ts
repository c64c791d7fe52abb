import type { Condition, Example, Field, ImportIdPart, Lookup, NamedType, Resource, TypeSpec } from "../model/types.js";
import { camel } from "../naming.js";
import { inline } from "./html.js";
import type { Site } from "./site.js";

/** A snippet as a whole program: the import of every exported name it mentions, then the snippet. */
export function withImportLine(code: string, site: Site): string {
  const { names } = site;
  const used = [...new Set(code.match(/[A-Za-z_$][\w$]*/g) ?? [])].filter(
    (n) => names.values.has(n) || names.types.has(n),
  );
  if (used.length === 0) return code;
  const specifiers = used.sort().map((n) => (names.values.has(n) ? n : `type ${n}`));
  return `import { ${specifiers.join(", ")} } from "${site.model.provider.package.name}";\n\n${code}`;
}

const SAMPLE_STRINGS: Record<NonNullable<TypeSpec["format"]>, string> = {
  cidr: "192.0.2.0/24",
  "cidr-ipv4": "192.0.2.0/24",
  "cidr-ipv6": "2001:db8::/32",
  "ip-cidr": "192.0.2.1/30",
  ip: "192.0.2.1",
  mac: "00:00:5e:00:53:01",
  iso8601: "2030-01-01T00:00:00Z",
  "datetime-ymd-hms": "2030-01-01 00:00:00",
  json: "{}",
};

/** A value literal for a type spec: the first allowed value, a sample of its format, or a value within its bounds. */
export function sample(s: TypeSpec, site: Site, indent: string): string {
  const e = s.enum ? site.enums.get(s.enum) : undefined;
  if (e) return JSON.stringify(e.values[0]!.value);
  if (s.knownValues) return JSON.stringify(s.knownValues[0]!.value);
  switch (s.kind) {
    case "string": {
      if (s.format) return JSON.stringify(SAMPLE_STRINGS[s.format]);
      const text = "example".padEnd(s.minLength ?? 0, "x");
      return JSON.stringify(s.maxLength !== undefined ? text.slice(0, Math.max(s.maxLength, 1)) : text);
    }
    case "integer":
    case "number": {
      let n = s.minimum ?? (s.maximum !== undefined && s.maximum < 1 ? s.maximum : 1);
      while (s.notOneOf?.includes(n)) n++;
      return String(n);
    }
    case "boolean":
      return "false";
    case "list": {
      const item = sample(s.items!, site, indent);
      return `[${Array.from({ length: Math.max(s.minItems ?? 1, 1) }, () => item).join(", ")}]`;
    }
    case "map":
    case "any":
      return "{}";
    case "object":
      return objectSample(site.types.get(s.ref!)!, site, indent);
  }
}

function objectSample(t: NamedType, site: Site, indent: string): string {
  if (t.kind === "object") return literal(t.fields, site, indent);
  const v = t.variants[0]!;
  const variant = site.types.get(v.ref)!;
  const own = variant.kind === "object" ? variant.fields : [];
  return literal(own, site, indent, [`${t.discriminator.field}: ${JSON.stringify(v.value)}`]);
}

/** An object literal of the required inputs, one per line. */
export function literal(fields: readonly Field[], site: Site, indent: string, lead: string[] = []): string {
  const inner = `${indent}  `;
  const entries = [...lead, ...requiredInputs(fields, site).map((f) => `${f.name}: ${sample(f.type, site, inner)}`)];
  return entries.length === 0 ? "{}" : `{\n${entries.map((e) => `${inner}${e},\n`).join("")}${indent}}`;
}

/** The inputs an example must give: the required ones, and those a condition requires at the value it shows. */
function requiredInputs(fields: readonly Field[], site: Site): Field[] {
  const required = (f: Field) => f.mode === "required";
  const shownValue = (name: string): string | undefined => {
    const f = fields.find((x) => x.name === name);
    if (!f) return undefined;
    return required(f) ? sample(f.type, site, "") : f.default === undefined ? undefined : JSON.stringify(f.default);
  };
  const conditionHolds = ({ field, values }: Condition) => {
    const shown = shownValue(field);
    return shown !== undefined && values.some((v) => JSON.stringify(v) === shown);
  };
  return fields.filter((f) => required(f) || (f.requiredWhen !== undefined && conditionHolds(f.requiredWhen)));
}

/** Written examples, or one made from the required inputs (`generated`); each a whole program, imports added. */
function shown(written: readonly Example[], site: Site, generated: { title: string; code: string }) {
  const program = (code: string) => withImportLine(code, site);
  if (written.length > 0)
    return written.map((x) => ({
      title: x.title,
      description: x.description && inline(x.description),
      code: program(x.code),
      generated: false,
    }));
  return [{ title: generated.title, description: undefined, code: program(generated.code), generated: true }];
}

// A kind not bound to operations has no class (a lookup, no function): nothing to call, so no example.
export const resourceExamples = (r: Resource, site: Site) =>
  !r.operations
    ? []
    : shown(r.examples, site, {
        title: "Create one with its required inputs",
        code: `const ${camel(r.name)} = await ${r.name}.create(${literal(r.fields, site, "")});\n${printId(r)}`,
      });

/** The line showing the object's id, or, when the id is itself a secret, its field (a Secret prints "[secret]"). */
function printId(r: Resource): string {
  const v = camel(r.name);
  const parts = r.importId.supported ? r.importId.parts : [];
  const secret = parts.find((p) => r.fields.find((f) => f.name === p.field)?.type.secret);
  return secret
    ? `console.log(${v}.${secret.field}); // "[secret]": its id is the key itself, never printed\n`
    : `console.log(${v}.id);\n`;
}

export const lookupExamples = (l: Lookup, site: Site) =>
  !l.operation
    ? []
    : shown(l.examples, site, {
        title: "Call it with its required inputs",
        code: `const result = await ${l.name}(${literal(l.inputs, site, "")});\nconsole.log(result.id);\n`,
      });

export const providerExamples = (site: Site) =>
  shown(site.model.provider.examples, site, {
    title: "Configure a provider",
    code: `const provider = new Provider(${literal(site.model.provider.config, site, "")});\n`,
  });

/** The program that adopts an existing object by its import id, when the kind can be imported. */
export function importExample(r: Resource, site: Site): string | undefined {
  if (!r.importId.supported) return undefined;
  // Each part a sample of its type, joined as the format says.
  const part = (p: ImportIdPart) =>
    p.type === "integer"
      ? String(Math.max(p.minimum ?? 1, 1))
      : p.type === "list"
        ? [`${p.field}-1`, `${p.field}-2`].join(p.itemSeparator ?? ",")
        : `example-${p.field}`;
  const id = r.importId.parts.map(part).join(r.importId.separator);
  return withImportLine(`const ${camel(r.name)} = await ${r.name}.import(${JSON.stringify(id)});\n${printId(r)}`, site);
}
