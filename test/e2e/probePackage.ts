import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";
import { generatePackages, loadModels } from "../../generator/pipeline.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** One YAML edit: `insert` put after the text `after` of a provider's schema file. */
export interface SchemaEdit {
  readonly file: string;
  readonly after: string;
  readonly insert: string;
}

/**
 * A provider's package generated from the repository's schemas with one YAML edit, as a maintainer
 * would make it, and imported: what the edit alone does to the SDK (issue 10's probes). Its modules
 * are transpiled only (the real packages' types are checked elsewhere), under test/output/, so that
 * `@sdkgen/runtime` resolves to the workspace's. A field no service has stays out of the shipped schemas.
 */
export async function probePackage(name: string, provider: string, edit: SchemaEdit): Promise<Record<string, unknown>> {
  const dir = join(ROOT, "test/output/probe", name);
  rmSync(dir, { recursive: true, force: true });
  const schemas = join(dir, "schemas");
  cpSync(join(ROOT, "schemas"), schemas, { recursive: true });
  const file = join(schemas, provider, edit.file);
  const text = readFileSync(file, "utf8");
  if (!text.includes(edit.after)) throw new Error(`${edit.file} has no "${edit.after}" to insert after`);
  writeFileSync(file, text.replace(edit.after, `${edit.after}${edit.insert}`));

  const pkg = (await generatePackages(loadModels(schemas))).find((p) => p.name === provider);
  const out = join(dir, "package");
  const sources: string[] = [];
  for (const [path, content] of pkg!.files) {
    mkdirSync(dirname(join(out, path)), { recursive: true });
    writeFileSync(join(out, path), content);
    if (path.startsWith("src/") && path.endsWith(".ts")) sources.push(join(out, path));
  }
  await build({
    entryPoints: sources,
    outdir: join(out, "dist"),
    outbase: join(out, "src"),
    format: "esm",
    platform: "node",
    logLevel: "warning",
  });
  return (await import(pathToFileURL(join(out, "dist/index.js")).href)) as Record<string, unknown>;
}
