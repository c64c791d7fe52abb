import type { Diagnostic } from "../diagnostics.js";
import { entity, expandIncludes, ownFields, type LocatedField, type ProviderIndex } from "../load/providerIndex.js";
import type { RawField, RawTypeSpec } from "../load/rawTypes.js";
import { at, type Path, type SourceDoc } from "../load/sourceDoc.js";
import { camel, collisionKey, toWireCase, type WireCase } from "../naming.js";
import { typeUsage, type Usage } from "./typeUsage.js";
import { didYouMean } from "@sdkgen/runtime";
import { checkValue } from "./values.js";
import { RUNTIME_FUNCTIONS } from "../runtimeContract.js";

/** Where a field map sits, which decides what its fields may say. */
interface Ctx {
  /** "input": fields are inputs unless marked output; "output": everything is output. */
  readonly position: "input" | "output";
  /** `mode` must be written (entity-level field maps). */
  readonly modeRequired: boolean;
  /** `mode` must not be written (under a lookup's or an output field's outputs). */
  readonly modeForbidden: boolean;
  /** Modes allowed here, when narrower than all four. */
  readonly modes?: readonly string[] | undefined;
  readonly config: boolean;
  readonly wireCase: WireCase;
  /** The entity's top-level fields, which `familyFrom` may name; unknown in shared types (resolved where used). */
  readonly rootFields?: ReadonlyMap<string, RawField> | undefined;
  /** The nearest enclosing output field marked `secret: false`. */
  readonly nonSecretOutput?: string | undefined;
}

/**
 * Semantic rules of schemas/README.md ("Checks beyond the meta-schema") for one provider. Only the
 * documents in `valid` (those that passed the meta-schema) are checked, but references resolve
 * against every document, so one broken file does not cascade into errors elsewhere.
 */
export function checkSemantics(index: ProviderIndex, valid: ReadonlySet<SourceDoc>): Diagnostic[] {
  const out: Diagnostic[] = [];
  const pkg = index.name;
  const providerData = index.provider && valid.has(index.provider) ? entity(index.provider) : undefined;
  const envPrefix = providerData?.envPrefix;
  const providerWireCase: WireCase = providerData?.wireCase ?? "camel";
  const usage = typeUsage(index);
  const enumSeen = new Map<string, string>();
  const typeNames = [...index.types.keys()];

  const resolveType = (src: SourceDoc, path: Path, name: string, want: "type" | "group"): SourceDoc | undefined => {
    const t = index.types.get(name);
    const kind = t && entity(t).kind;
    if (!t) {
      const candidates = typeNames.filter((n) => (entity(index.types.get(n)!).kind === "group") === (want === "group"));
      out.push(
        at(src, path, `unknown ${want === "group" ? "field group" : "type"} "${name}"${didYouMean(name, candidates)}`),
      );
    } else if (want === "group" && kind !== "group")
      out.push(
        at(
          src,
          path,
          `"${name}" is ${kind === "union" ? "a union" : "an object type"}, not a field group: use it with "ref"`,
        ),
      );
    else if (want === "type" && kind === "group")
      out.push(at(src, path, `"${name}" is a field group, not a type: use it with "include"`));
    else return t;
    return undefined;
  };

  const checkIncludes = (src: SourceDoc, include: readonly string[] | undefined) =>
    (include ?? []).forEach((g, i) => resolveType(src, ["include", i], g, "group"));

  /** A field map: names unique after case conversion, wire names unique, then each field. */
  const checkFields = (fields: readonly LocatedField[], ctx: Ctx) => {
    const byKey = new Map<string, LocatedField>();
    const wires = new Map<string, LocatedField>();
    const siblings = new Map(fields.map((f) => [f.name, f.raw]));
    const envs = new Map<string, string>();
    for (const f of fields) {
      const prior = byKey.get(collisionKey(f.name));
      if (prior) {
        const where = prior.group
          ? `included from group ${prior.group}`
          : `declared at line ${at(prior.src, prior.path, "", "key").line}`;
        out.push(
          at(
            f.src,
            f.path,
            `field "${f.name}" collides with "${prior.name}" (${where}); names must differ after case conversion`,
            "key",
          ),
        );
        continue;
      }
      byKey.set(collisionKey(f.name), f);
      // Inputs are serialised into requests, so their wire keys must be unique; outputs may read the same key.
      const wire = f.raw.wireName ?? toWireCase(f.name, ctx.wireCase);
      const isInput = ctx.position === "input" && f.raw.mode !== "output";
      const wirePrior = isInput ? wires.get(wire) : undefined;
      if (wirePrior)
        out.push(
          at(
            f.src,
            [...f.path, ...(f.raw.wireName ? ["wireName"] : [])],
            `wire name "${wire}" is already sent by input "${wirePrior.name}"`,
          ),
        );
      else if (isInput) wires.set(wire, f);
      if (f.raw.env !== undefined) {
        if (envs.has(f.raw.env))
          out.push(
            at(
              f.src,
              [...f.path, "env"],
              `environment variable "${f.raw.env}" is already read by "${envs.get(f.raw.env)}"`,
            ),
          );
        envs.set(f.raw.env, f.name);
      }
      checkField(f, siblings, ctx);
    }
  };

  const checkField = (f: LocatedField, siblings: ReadonlyMap<string, RawField>, ctx: Ctx) => {
    const { raw, src, path } = f;
    const p = (key: string): Path => [...path, key];
    if (raw.mode === undefined && ctx.modeRequired && ctx.position === "input")
      out.push(at(src, path, `field "${f.name}" needs a mode: required, optional, optional-computed or output`, "key"));
    if (raw.mode !== undefined && ctx.modeForbidden && raw.mode !== "output")
      out.push(at(src, p("mode"), `fields under an output are outputs: remove mode "${raw.mode}"`));
    if (raw.mode !== undefined && ctx.modes && !ctx.modes.includes(raw.mode))
      out.push(at(src, p("mode"), `mode must be ${ctx.modes.join(" or ")} here (got "${raw.mode}")`));
    const mode = ctx.position === "output" ? "output" : (raw.mode ?? "optional");
    const isInput = mode !== "output";

    if (raw.writeOnly && !isInput)
      out.push(at(src, p("writeOnly"), `"writeOnly" applies to inputs only: "${f.name}" is an output`));
    if (raw.guaranteed && isInput)
      out.push(at(src, p("guaranteed"), `"guaranteed" applies to outputs only; "${f.name}" is an input`));
    if (raw.replaceOnChange !== undefined && !isInput)
      out.push(
        at(
          src,
          p("replaceOnChange"),
          `replaceOnChange applies to inputs only: "${f.name}" is an output the caller cannot change`,
        ),
      );
    if (raw.env !== undefined) {
      if (!ctx.config) out.push(at(src, p("env"), `"env" is read only for provider config fields`));
      else if (envPrefix && !raw.env.startsWith(`${envPrefix}_`))
        out.push(
          at(src, p("env"), `environment variable "${raw.env}" must start with the provider's prefix ${envPrefix}_`),
        );
    }
    if (raw.default !== undefined) {
      if (mode === "required")
        out.push(
          at(src, p("default"), `a required input has no default: make "${f.name}" optional, or drop the default`),
        );
      else if (!isInput) out.push(at(src, p("default"), `an output has no default: "${f.name}" is set by the service`));
      else {
        const problem = checkValue(raw, raw.default);
        if (problem) out.push(at(src, p("default"), `default ${problem}`));
      }
    }
    if (raw.deprecated !== undefined && mode === "required")
      out.push(
        at(src, p("deprecated"), `a deprecated field cannot be required: callers could never stop setting "${f.name}"`),
      );
    if (raw.requiredWhen) {
      const other = siblings.get(raw.requiredWhen.field);
      if (!other || raw.requiredWhen.field === f.name)
        out.push(
          at(
            src,
            [...p("requiredWhen"), "field"],
            `requiredWhen names unknown field "${raw.requiredWhen.field}"${didYouMean(raw.requiredWhen.field, [...siblings.keys()])}`,
          ),
        );
      else {
        const problem = checkValue(other, raw.requiredWhen.equals);
        if (problem)
          out.push(
            at(
              src,
              [...p("requiredWhen"), "equals"],
              `requiredWhen.equals ${problem} (the type of "${raw.requiredWhen.field}")`,
            ),
          );
      }
      if (mode === "required")
        out.push(at(src, p("requiredWhen"), `"${f.name}" is always required; requiredWhen applies to optional inputs`));
    }
    (raw.conflictsWith ?? []).forEach((name, i) => {
      if (!siblings.has(name) || name === f.name)
        out.push(
          at(
            src,
            [...p("conflictsWith"), i],
            `conflictsWith names unknown field "${name}"${didYouMean(
              name,
              [...siblings.keys()].filter((n) => n !== f.name),
            )}`,
          ),
        );
    });
    if (raw.secret && ctx.nonSecretOutput)
      out.push(
        at(
          src,
          p("secret"),
          `secret field "${f.name}" sits inside "${ctx.nonSecretOutput}", which is marked secret: false; a secret cannot be nested in a non-secret output`,
        ),
      );
    if (raw.replaceOnChange && typeof raw.replaceOnChange === "object" && raw.replaceOnChange.exceptVariants) {
      const union = raw.type === "object" && raw.ref ? index.types.get(raw.ref) : undefined;
      const variants = union && entity(union).kind === "union" ? Object.keys(entity(union).variants ?? {}) : undefined;
      if (!variants)
        out.push(
          at(
            src,
            [...p("replaceOnChange"), "exceptVariants"],
            `exceptVariants applies to a field whose type is a union`,
          ),
        );
      else
        raw.replaceOnChange.exceptVariants.forEach((v, i) => {
          if (!variants.includes(v))
            out.push(
              at(
                src,
                [...p("replaceOnChange"), "exceptVariants", i],
                `unknown variant "${v}" of ${raw.ref}${didYouMean(v, variants)}`,
              ),
            );
        });
    }
    const childCtx: Ctx = {
      ...ctx,
      position: isInput ? ctx.position : "output",
      modeRequired: false,
      modeForbidden: ctx.modeForbidden || !isInput,
      modes: undefined,
      nonSecretOutput: !isInput && raw.secret === false ? f.name : ctx.nonSecretOutput,
    };
    checkSpec(raw, src, path, f.name, childCtx);
  };

  /** Keys that belong to other types, refs, nested objects, enums and bounds. */
  const checkSpec = (spec: RawTypeSpec, src: SourceDoc, path: Path, name: string, ctx: Ctx) => {
    const p = (key: string): Path => [...path, key];
    const only = (key: keyof RawTypeSpec, kinds: readonly string[], what: string) => {
      if (spec[key] !== undefined && !kinds.includes(spec.type))
        out.push(at(src, p(key), `"${key}" applies to ${what}, not type ${spec.type}`, "key"));
    };
    only("items", ["list"], "type list");
    only("values", ["map"], "type map");
    only("ref", ["object"], "type object");
    only("fields", ["object"], "type object");
    only("enum", ["string", "number", "integer", "boolean"], "scalar types");
    only("knownValues", ["string", "number", "integer"], "string and number types");
    for (const k of ["minimum", "maximum", "notOneOf"] as const)
      only(k, ["number", "integer"], "number and integer types");
    for (const k of ["minItems", "maxItems"] as const) only(k, ["list"], "type list");
    for (const k of ["minLength", "maxLength", "pattern", "format"] as const) only(k, ["string"], "type string");
    if (spec.type === "list" && !spec.items)
      out.push(at(src, path, `list "${name}" needs "items" (the element type)`, "key"));
    if (spec.type === "map" && !spec.values)
      out.push(at(src, path, `map "${name}" needs "values" (the value type)`, "key"));
    if (spec.type === "object" && (spec.ref === undefined) === (spec.fields === undefined))
      out.push(
        at(
          src,
          path,
          `object "${name}" needs exactly one of "ref" (a type from types/) or "fields" (an inline object)`,
          "key",
        ),
      );
    if (spec.typeName !== undefined && spec.fields === undefined)
      out.push(at(src, p("typeName"), `"typeName" names an inline object: it needs "fields"`, "key"));
    if (spec.enumName !== undefined && spec.enum === undefined)
      out.push(at(src, p("enumName"), `"enumName" names an enum: it needs "enum"`, "key"));
    if (spec.caseInsensitive !== undefined && spec.enum === undefined)
      out.push(at(src, p("caseInsensitive"), `"caseInsensitive" applies to an enum`, "key"));
    if (spec.enum && spec.knownValues)
      out.push(at(src, p("knownValues"), `a field has either a closed "enum" or open "knownValues", not both`, "key"));
    if (spec.familyFrom !== undefined) {
      if (spec.format !== "cidr" && spec.format !== "ip-cidr")
        out.push(at(src, p("familyFrom"), `"familyFrom" applies to formats cidr and ip-cidr`, "key"));
      else if (ctx.rootFields && !ctx.rootFields.has(spec.familyFrom))
        out.push(
          at(
            src,
            p("familyFrom"),
            `familyFrom names unknown field "${spec.familyFrom}"${didYouMean(spec.familyFrom, [...(ctx.rootFields?.keys() ?? [])])}`,
          ),
        );
    }
    if (spec.minimum !== undefined && spec.maximum !== undefined && spec.minimum > spec.maximum)
      out.push(at(src, p("minimum"), `minimum ${spec.minimum} is above maximum ${spec.maximum}`));
    if (spec.minItems !== undefined && spec.maxItems !== undefined && spec.minItems > spec.maxItems)
      out.push(at(src, p("minItems"), `minItems ${spec.minItems} is above maxItems ${spec.maxItems}`));
    if (spec.minLength !== undefined && spec.maxLength !== undefined && spec.minLength > spec.maxLength)
      out.push(at(src, p("minLength"), `minLength ${spec.minLength} is above maxLength ${spec.maxLength}`));
    if (spec.pattern !== undefined) {
      try {
        new RegExp(spec.pattern, "u");
      } catch (e) {
        out.push(at(src, p("pattern"), `pattern is not a valid regular expression: ${(e as Error).message}`));
      }
    }
    if (spec.enum) {
      const seen = new Set<string>();
      spec.enum.forEach((v, i) => {
        const value = typeof v === "object" ? v.value : v;
        const { enum: _enum, pattern: _pattern, ...bare } = spec;
        const problem = checkValue(bare, value);
        if (problem) out.push(at(src, [...p("enum"), i], `enum value ${problem}`));
        const key = spec.caseInsensitive && typeof value === "string" ? value.toLowerCase() : JSON.stringify(value);
        if (seen.has(key)) out.push(at(src, [...p("enum"), i], `enum value ${JSON.stringify(value)} is listed twice`));
        seen.add(key);
      });
      if (spec.enumName) {
        const sig = JSON.stringify(spec.enum.map((v) => (typeof v === "object" ? v.value : v)));
        const prior = enumSeen.get(spec.enumName);
        if (prior !== undefined && prior !== sig)
          out.push(
            at(
              src,
              p("enumName"),
              `enum ${spec.enumName} is declared elsewhere with other values; a shared enum name needs identical values`,
            ),
          );
        enumSeen.set(spec.enumName, sig);
      }
    }
    if (spec.ref !== undefined) resolveType(src, p("ref"), spec.ref, "type");
    if (spec.items) checkSpec(spec.items, src, p("items"), name, ctx);
    if (spec.values) checkSpec(spec.values, src, p("values"), name, ctx);
    if (spec.fields)
      checkFields(ownFields(src, "fields", spec.fields, path), { ...ctx, modeRequired: false, modes: undefined });
  };

  const rootOf = (fields: readonly LocatedField[]) => new Map(fields.map((f) => [f.name, f.raw]));
  const base = (src: SourceDoc) => ({ config: false, wireCase: entity(src).wireCase ?? providerWireCase });

  // Provider: config fields and functions.
  if (index.provider && providerData) {
    const src = index.provider;
    if (providerData.name !== pkg)
      out.push(at(src, ["name"], `provider name "${providerData.name}" must match its folder schemas/${pkg}/`));
    const config = ownFields(src, "config", providerData.config);
    checkFields(config, {
      ...base(src),
      position: "input",
      modeRequired: true,
      modeForbidden: false,
      modes: ["required", "optional"],
      config: true,
      rootFields: rootOf(config),
    });
    for (const [fn, spec] of Object.entries(providerData.functions ?? {})) {
      if (!(RUNTIME_FUNCTIONS as readonly string[]).includes(fn))
        out.push(
          at(
            src,
            ["functions", fn],
            `the runtime implements no provider function "${fn}" (it has ${RUNTIME_FUNCTIONS.join(", ")})${didYouMean(fn, RUNTIME_FUNCTIONS)}`,
            "key",
          ),
        );
      const want = `${pkg}:providers:${pkg}/${fn}`;
      if (spec.token !== want)
        out.push(at(src, ["functions", fn, "token"], `token must be "${want}" (got "${spec.token}")`));
      const inputs = ownFields(src, "inputs", spec.inputs, ["functions", fn]);
      checkFields(inputs, {
        ...base(src),
        position: "input",
        modeRequired: true,
        modeForbidden: false,
        modes: ["required", "optional"],
        rootFields: rootOf(inputs),
      });
      const outputs = ownFields(src, "outputs", spec.outputs, ["functions", fn]);
      checkFields(outputs, {
        ...base(src),
        position: "output",
        modeRequired: false,
        modeForbidden: true,
        rootFields: rootOf(outputs),
      });
    }
  }

  // Entity names: unique after case conversion across resources, lookups and types; file names match.
  const names = new Map<string, SourceDoc>();
  // Entity-level checks need only a string name and token, so they run on files with structural errors too.
  const named = (s: SourceDoc) => typeof entity(s).name === "string";
  for (const src of [...index.resources, ...index.lookups, ...index.types.values()].filter(named)) {
    const e = entity(src);
    const stem = src.folder === "lookups" ? e.name : camel(e.name);
    if (src.stem !== stem)
      out.push(
        at(src, ["name"], `${e.kind} "${e.name}" belongs in a file named ${stem}.yaml (found ${src.stem}.yaml)`),
      );
    const prior = names.get(collisionKey(e.name));
    if (prior)
      out.push(
        at(
          src,
          ["name"],
          `name "${e.name}" collides with "${entity(prior).name}" in ${prior.file}; entity names must differ after case conversion`,
        ),
      );
    else names.set(collisionKey(e.name), src);
  }

  for (const src of index.resources.filter(named)) {
    const e = entity(src);
    const want = `${pkg}:index/${camel(e.name)}:${e.name}`;
    if (typeof e.token === "string" && e.token !== want)
      out.push(at(src, ["token"], `resource token must be "${want}" (got "${e.token}")`));
  }
  for (const src of index.lookups.filter(named)) {
    const e = entity(src);
    const want = `${pkg}:index/${e.name}:${e.name}`;
    if (typeof e.token === "string" && e.token !== want)
      out.push(at(src, ["token"], `lookup token must be "${want}" (got "${e.token}")`));
  }

  for (const src of index.resources.filter((s) => valid.has(s))) {
    const e = entity(src);
    checkIncludes(src, e.include);
    const fields = expandIncludes(index, src, e.include, ownFields(src, "fields", e.fields));
    checkFields(fields, {
      ...base(src),
      position: "input",
      modeRequired: true,
      modeForbidden: false,
      rootFields: rootOf(fields),
    });
    const byName = rootOf(fields);
    (e.importId?.parts ?? []).forEach((part, i) => {
      const path: Path = ["importId", "parts", i, "field"];
      const field = byName.get(part.field);
      if (!field)
        out.push(
          at(
            src,
            path,
            `import-id part names unknown field "${part.field}"${didYouMean(part.field, [...byName.keys()])}`,
          ),
        );
      else if (part.type !== (field.type === "number" ? "integer" : field.type))
        out.push(
          at(
            src,
            [...path.slice(0, -1), "type"],
            `import-id part "${part.field}" is ${part.type} but the field is ${field.type}`,
          ),
        );
    });
  }

  for (const src of index.lookups.filter((s) => valid.has(s))) {
    const e = entity(src);
    checkIncludes(src, e.include);
    const inputs = expandIncludes(index, src, e.include, ownFields(src, "inputs", e.inputs));
    checkFields(inputs, {
      ...base(src),
      position: "input",
      modeRequired: true,
      modeForbidden: false,
      modes: ["required", "optional"],
      rootFields: rootOf(inputs),
    });
    const outputs = ownFields(src, "outputs", e.outputs);
    checkFields(outputs, {
      ...base(src),
      position: "output",
      modeRequired: false,
      modeForbidden: true,
      rootFields: rootOf(outputs),
    });
    const inputByName = rootOf(inputs);
    for (const o of outputs) {
      const input = inputByName.get(o.name);
      if (input && !sameType(input, o.raw))
        out.push(
          at(
            src,
            [...o.path, "type"],
            `output "${o.name}" redeclares the input of that name with another type; the result echoes inputs, so the types must match`,
          ),
        );
    }
    if (!inputByName.has("id") && !outputs.some((o) => o.name === "id"))
      out.push(at(src, ["outputs"], `every lookup result has an "id": declare it in outputs`, "key"));
  }

  for (const src of [...index.types.values()].filter((s) => valid.has(s))) {
    const e = entity(src);
    const u: Usage = usage.get(e.name) ?? { input: false, output: false, config: false };
    const position = u.input || u.config ? "input" : "output";
    if (e.kind === "group") {
      const fields = ownFields(src, "fields", e.fields);
      checkFields(fields, {
        ...base(src),
        position: "input",
        modeRequired: true,
        modeForbidden: false,
        config: u.config,
      });
    } else if (e.kind === "object") {
      checkIncludes(src, e.include);
      const fields = expandIncludes(index, src, e.include, ownFields(src, "fields", e.fields));
      checkFields(fields, { ...base(src), position, modeRequired: false, modeForbidden: false, config: u.config });
    } else if (e.kind === "union") {
      for (const [value, variant] of Object.entries(e.variants ?? {})) {
        const t = resolveType(src, ["variants", value, "ref"], variant.ref, "type");
        if (t && entity(t).kind !== "object")
          out.push(
            at(
              src,
              ["variants", value, "ref"],
              `a union variant is an object type; "${variant.ref}" is a ${entity(t).kind}`,
            ),
          );
        else if (t && Object.hasOwn(entity(t).fields ?? {}, e.discriminator!.field))
          out.push(
            at(
              t,
              ["fields", e.discriminator!.field],
              `"${e.discriminator!.field}" is the discriminator of union ${e.name}; the union adds it, so ${variant.ref} must not declare it`,
              "key",
            ),
          );
      }
    }
  }

  out.push(...typeCycles(index, valid));
  return out;
}

function sameType(a: RawTypeSpec, b: RawTypeSpec): boolean {
  if (a.type !== b.type || a.ref !== b.ref) return false;
  if (a.items || b.items) return !!a.items && !!b.items && sameType(a.items, b.items);
  if (a.values || b.values) return !!a.values && !!b.values && sameType(a.values, b.values);
  return true;
}

/** Named types may not reference themselves: descriptors and validators are plain data without cycles. */
function typeCycles(index: ProviderIndex, valid: ReadonlySet<SourceDoc>): Diagnostic[] {
  const refsOf = (spec: RawTypeSpec | undefined): string[] =>
    !spec
      ? []
      : [
          ...(spec.ref ? [spec.ref] : []),
          ...refsOf(spec.items),
          ...refsOf(spec.values),
          ...Object.values(spec.fields ?? {}).flatMap(refsOf),
        ];
  const edges = new Map<string, string[]>();
  for (const [name, src] of index.types) {
    const e = entity(src);
    edges.set(
      name,
      e.kind === "union"
        ? Object.values(e.variants ?? {}).map((v) => v.ref)
        : Object.values(e.fields ?? {}).flatMap(refsOf),
    );
  }
  const out: Diagnostic[] = [];
  const state = new Map<string, "open" | "done">();
  const visit = (name: string, trail: string[]) => {
    if (state.get(name) === "done") return;
    if (state.get(name) === "open") {
      const src = index.types.get(name)!;
      if (valid.has(src))
        out.push(
          at(
            src,
            ["name"],
            `type ${name} refers to itself (${[...trail.slice(trail.indexOf(name)), name].join(" -> ")}); recursive types are not supported`,
          ),
        );
      return;
    }
    state.set(name, "open");
    for (const next of edges.get(name) ?? []) if (edges.has(next)) visit(next, [...trail, name]);
    state.set(name, "done");
  };
  [...edges.keys()].sort().forEach((n) => visit(n, []));
  return out;
}
