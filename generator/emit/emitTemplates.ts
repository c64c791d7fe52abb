import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import Handlebars from "handlebars";
import { SCHEMA_VERSION } from "../validate/metaSchema.js";
import { camel } from "../naming.js";
import type { Field, PackageModel } from "../model/types.js";
import type { PackagePlan } from "../plan/planPackage.js";
import { replacePaths, secretPaths } from "../model/paths.js";
import { importIdText, providerFolder } from "./describe.js";

const TEMPLATES = {
  "package.json": "package.json.hbs",
  "tsconfig.json": "tsconfig.json.hbs",
  "README.md": "README.md.hbs",
} as const;

/** Repository root: the nearest folder above this module holding templates/. */
function repoRoot(): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); dir !== dirname(dir); dir = dirname(dir))
    if (existsSync(join(dir, "templates", "README.md.hbs"))) return dir;
  throw new Error(`templates/ not found above ${import.meta.url}`);
}

let compiled: Map<string, HandlebarsTemplateDelegate> | undefined;
let versions: { generator: string; runtime: string } | undefined;

function templates() {
  if (!compiled) {
    const root = repoRoot();
    const hb = Handlebars.create();
    hb.registerHelper("json", (v: unknown) => JSON.stringify(v));
    // A Markdown table cell: one line, pipes escaped.
    hb.registerHelper(
      "cell",
      (v: unknown) =>
        new hb.SafeString(
          String(v ?? "")
            .replace(/\s*\n\s*/g, " ")
            .replace(/\|/g, "\\|"),
        ),
    );
    compiled = new Map(
      Object.entries(TEMPLATES).map(([out, file]) => [
        out,
        hb.compile(readFileSync(join(root, "templates", file), "utf8"), { noEscape: true, strict: true }),
      ]),
    );
    const version = (p: string) => (JSON.parse(readFileSync(join(root, p), "utf8")) as { version: string }).version;
    versions = { generator: version("package.json"), runtime: version("runtime/package.json") };
  }
  return { compiled, versions: versions! };
}

const typeName = (f: Field): string =>
  f.type.kind === "list"
    ? `list of ${f.type.items!.kind}`
    : f.type.kind === "object"
      ? (f.type.ref ?? "object")
      : f.type.kind;

function view(model: PackageModel, plan: PackagePlan) {
  const { versions } = templates();
  const types = new Map(model.types.map((t) => [t.name, t]));
  const p = model.provider;
  return {
    name: p.package.name,
    version: p.package.version,
    description: p.package.description,
    keywords: p.package.keywords,
    source: providerFolder(plan),
    schemaVersion: SCHEMA_VERSION,
    generatorVersion: versions.generator,
    runtimeVersion: versions.runtime,
    firstResource: model.resources[0]?.name ?? "",
    firstResourceFile: model.resources[0] ? camel(model.resources[0].name) : "",
    config: p.config.map((f) => ({
      name: f.name,
      required: f.mode === "required",
      type: typeName(f),
      env: f.env,
      default: f.default === undefined ? undefined : JSON.stringify(f.default),
      description: f.description,
      secret: f.type.secret,
    })),
    functions: p.functions.map((f) => ({ token: f.token, description: f.description })),
    resources: model.resources.map((r) => ({
      name: r.name,
      token: r.token,
      description: r.description,
      deprecated: r.deprecated,
      importId: importIdText(r),
      replaceOnChange: replacePaths(r.fields, types),
      secrets: secretPaths(r.fields, types),
      notes: r.lifecycleNotes,
    })),
    lookups: model.lookups.map((l) => ({ name: l.name, description: l.description, deprecated: l.deprecated })),
  };
}

/** package.json, tsconfig.json and README.md of a generated package. */
export function emitTemplates(plan: PackagePlan): Map<string, string> {
  const data = view(plan.model, plan);
  return new Map([...templates().compiled].map(([path, render]) => [path, render(data)]));
}
