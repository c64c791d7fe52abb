import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import type { ErrorObject, ValidateFunction } from "ajv";
import { hashText } from "../hash.js";
import { requireCompiled } from "../codeCache.js";
import type { Diagnostic } from "../diagnostics.js";
import { at, type Path, type SourceDoc } from "../load/sourceDoc.js";
import { GENERATOR_DIR } from "../location.js";
import { repoRoot } from "../repoPackages.js";
import { didYouMean } from "@sdkgen/runtime/providers";

export const SCHEMA_VERSION = 1;
const KIND_BY_FOLDER = {
  provider: ["provider"],
  resources: ["resource"],
  lookups: ["lookup"],
  types: ["object", "union", "group"],
};

type JsonSchema = { $ref?: string; properties?: Record<string, unknown>; $defs?: Record<string, JsonSchema> } & Record<
  string,
  unknown
>;

const metaSchemaPath = (): string => join(repoRoot(), "schemas", "meta", `v${SCHEMA_VERSION}.schema.json`);

/** Friendly statements of the naming rules, keyed by the $defs entry holding the pattern. */
const PATTERN_RULES: Record<string, string> = {
  fieldName: "field names are camelCase: a lower-case letter, then letters and digits",
  typeName: "type names are PascalCase: an upper-case letter, then letters and digits",
  envName: "environment variable names are upper-case letters, digits and underscores",
};

const require = createRequire(import.meta.url);

/** Where `make` leaves the compiled validators: this module's folder in the built generator. */
const MODULE_DIR = join(GENERATOR_DIR, "validate");

/** Compiles the meta-schema's validators beside this module, so no run has to (run by `make`). */
export function precompileMetaSchema(): void {
  // Not loaded when there already: the run that first loads it keeps its code cache (codeCache.ts).
  if (!existsSync(join(MODULE_DIR, compiledName(readFileSync(metaSchemaPath(), "utf8")))))
    new MetaSchemaValidator(MODULE_DIR);
}

function compiledName(metaText: string): string {
  const ajvVersion = (require("ajv/package.json") as { version: string }).version;
  return `meta-${hashText(metaText + ajvVersion).slice(0, 16)}.cjs`;
}

let validator: MetaSchemaValidator | undefined;

/** The validator of this thread, made on first use. */
export const metaSchema = (): MetaSchemaValidator => (validator ??= new MetaSchemaValidator());

export class MetaSchemaValidator {
  private readonly meta: JsonSchema;
  private readonly validators = new Map<string, ValidateFunction>();

  /** Uses the validators `make` compiled beside this module (compiling is ajv's costliest step), else compiles. */
  constructor(compileInto?: string) {
    const text = readFileSync(metaSchemaPath(), "utf8");
    this.meta = JSON.parse(text) as JsonSchema;
    const kinds = [
      ...Object.values(KIND_BY_FOLDER).flat(),
      ...Object.keys(this.meta.$defs ?? {}).filter((k) => k.endsWith("Operations") || k.endsWith("Lookup")),
    ];
    const file = compiledName(text);
    const compiled = join(MODULE_DIR, file);
    if (existsSync(compiled))
      try {
        const fns = requireCompiled(compiled) as Record<string, ValidateFunction>;
        for (const kind of kinds) this.validators.set(kind, fns[kind]!);
        return;
      } catch {
        // an unreadable compiled file is passed over (and replaced by the next `make`)
      }
    // Loaded only to compile: a run that finds compiled validators never loads ajv.
    const { Ajv2020 } = require("ajv/dist/2020.js") as typeof import("ajv/dist/2020.js");
    const standalone = require("ajv/dist/standalone/index.js") as typeof import("ajv/dist/standalone/index.js");
    const ajv = new Ajv2020({ allErrors: true, verbose: true, strict: false, code: { source: true } });
    ajv.addSchema(this.meta);
    for (const kind of kinds) this.validators.set(kind, ajv.getSchema(`${this.meta.$id}#/$defs/${kind}`)!);
    if (compileInto) {
      const compiled = join(compileInto, file);
      mkdirSync(compileInto, { recursive: true });
      // The code requires ajv's runtime helpers: by absolute path, so they resolve wherever it is written.
      const code = standalone
        .default(ajv, Object.fromEntries(kinds.map((k) => [k, `${this.meta.$id}#/$defs/${k}`])))
        .replace(/require\("(ajv\/[^"]+)"\)/g, (_, id: string) => `require(${JSON.stringify(require.resolve(id))})`);
      writeFileSync(`${compiled}.${process.pid}.tmp`, code);
      renameSync(`${compiled}.${process.pid}.tmp`, compiled);
    }
  }

  check(src: SourceDoc): Diagnostic[] {
    const data = src.data as Record<string, unknown> | null;
    if (typeof data !== "object" || data === null || Array.isArray(data))
      return [at(src, [], "a schema file holds one YAML mapping (version, kind, name, …)")];
    if (data.version !== SCHEMA_VERSION) {
      const wanted = `this generator reads version ${SCHEMA_VERSION} (add "version: ${SCHEMA_VERSION}")`;
      return [at(src, ["version"], `unsupported schema version ${JSON.stringify(data.version)}: ${wanted}`)];
    }
    const kinds = KIND_BY_FOLDER[src.folder];
    if (typeof data.kind !== "string" || !kinds.includes(data.kind)) {
      const allowed = kinds.map((k) => `"${k}"`).join(" or ");
      const where = src.folder === "provider" ? "provider.yaml" : `${src.folder}/`;
      const hint = typeof data.kind === "string" ? didYouMean(data.kind, kinds) : "";
      return [at(src, ["kind"], `kind must be ${allowed} in ${where} (got ${JSON.stringify(data.kind)})${hint}`)];
    }
    const validate = this.validators.get(data.kind)!;
    if (validate(data)) return [];
    return dedupe(pruneBranches(validate.errors!).flatMap((e) => this.toDiagnostic(src, e)));
  }

  /** The value at `path` of a file against `$defs/<def>` (a protocol's operations), positioned in the file. */
  checkAt(src: SourceDoc, path: Path, def: string): Diagnostic[] {
    const validate = this.validators.get(def);
    if (!validate) throw new Error(`the meta-schema has no $defs/${def}`);
    let value = src.data;
    for (const key of path) value = (value as Record<string | number, unknown> | undefined)?.[key];
    if (validate(value)) return [];
    return dedupe(pruneBranches(validate.errors!).flatMap((e) => this.toDiagnostic(src, e, path)));
  }

  private toDiagnostic(src: SourceDoc, e: ErrorObject, base: Path = []): Diagnostic[] {
    const path = [...base, ...pointerToPath(e.instancePath)];
    const name = path.length ? `"${path[path.length - 1]}"` : "the document";
    const got = (v: unknown) => `(got ${JSON.stringify(v)})`;
    switch (e.keyword) {
      case "if":
        return []; // the failing then/else branch reports the real problem
      case "additionalProperties":
      case "unevaluatedProperties": {
        const key = String(e.params.additionalProperty ?? e.params.unevaluatedProperty);
        const hint = didYouMean(key, this.allowedKeys(e.parentSchema as JsonSchema | undefined));
        return [at(src, [...path, key], `unknown key "${key}"${hint}`, "key")];
      }
      case "required":
        return [at(src, path, `missing required key "${e.params.missingProperty}" in ${name}`, "key")];
      case "type":
        return [at(src, path, `${name} must be ${article(String(e.params.type))} ${got(e.data)}`)];
      case "enum": {
        const allowed = (e.params.allowedValues as unknown[]).map(String);
        const hint = typeof e.data === "string" ? didYouMean(e.data, allowed) : "";
        return [at(src, path, `${name} must be one of ${allowed.join(", ")} ${got(e.data)}${hint}`)];
      }
      case "const":
        return [at(src, path, `${name} must be ${JSON.stringify(e.params.allowedValue)} ${got(e.data)}`)];
      case "pattern": {
        const def = /\$defs\/(\w+)\/pattern$/.exec(e.schemaPath)?.[1];
        const isKey = e.propertyName !== undefined;
        const value = isKey ? e.propertyName : e.data;
        const rule = (def && PATTERN_RULES[def]) ?? `must match ${String(e.params.pattern)}`;
        const message = `${isKey ? "name" : name} ${JSON.stringify(value)} breaks the naming rule: ${rule}`;
        return [isKey ? at(src, [...path, String(value)], message, "key") : at(src, path, message, "value")];
      }
      case "propertyNames":
        return []; // reported by the nested pattern error, which names the key
      default:
        return [at(src, path, `${name} ${e.message ?? "is invalid"}`)];
    }
  }

  /** Keys allowed where an unknown key was found, for "did you mean": follows $ref into shared definitions. */
  private allowedKeys(schema: JsonSchema | undefined): string[] {
    const keys = new Set<string>();
    for (let node = schema; node; node = node.$ref ? this.meta.$defs?.[node.$ref.split("/").pop()!] : undefined)
      Object.keys(node.properties ?? {}).forEach((k) => keys.add(k));
    return [...keys];
  }
}

const decode = (s: string) => s.replace(/~1/g, "/").replace(/~0/g, "~");
const pointerToPath = (pointer: string): Path =>
  pointer === ""
    ? []
    : pointer
        .slice(1)
        .split("/")
        .map((s) => (/^\d+$/.test(s) ? Number(s) : decode(s)));
const article = (type: string) =>
  type === "object" ? "a mapping" : type === "array" ? "a list" : /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;

const UNION = new Set(["oneOf", "anyOf"]);
const MISMATCH = new Set(["type", "const"]);

/** Keeps only the errors of the oneOf branch that got furthest: the others' mismatches are not the user's mistake. */
function pruneBranches(errors: readonly ErrorObject[]): ErrorObject[] {
  const unions = errors.filter((e) => UNION.has(e.keyword));
  const further = (e: ErrorObject) =>
    errors.some(
      (o) => o !== e && !UNION.has(o.keyword) && !MISMATCH.has(o.keyword) && o.instancePath.startsWith(e.instancePath),
    );
  return errors.filter((e) => {
    if (UNION.has(e.keyword)) return !further(e);
    const inBranch = unions.some(
      (u) => u.instancePath === e.instancePath && e.schemaPath.startsWith(`${u.schemaPath}/`),
    );
    return !(inBranch && MISMATCH.has(e.keyword) && further(e));
  });
}

function dedupe(list: Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return list.filter((d) => {
    const k = `${d.line}:${d.col}:${d.message}`;
    return !seen.has(k) && (seen.add(k), true);
  });
}
