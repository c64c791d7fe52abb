import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { formatDiagnostic, SchemaError } from "../../generator/diagnostics.js";
import { loadModels, planPackages } from "../../generator/pipeline.js";
import type { PackageModel } from "../../generator/model/types.js";

/** A valid one-provider tree to start from; tests override or add files. */
export const BASE: Record<string, string> = {
  "demo/provider.yaml": `version: 1
kind: provider
name: demo
description: Demo.
envPrefix: DEMO
package: { name: demo, version: 0.1.0, description: Demo. }
config:
  apiKey: { type: string, mode: optional, secret: true, env: DEMO_API_KEY, description: The key. }
`,
  "demo/resources/widget.yaml": `version: 1
kind: resource
name: Widget
token: demo:index/widget:Widget
description: A widget.
fields:
  name: { type: string, mode: required, description: Name. }
  size:
    type: string
    mode: optional
    enum: [small, large]
    description: Size.
  uid: { type: string, mode: output, description: Id. }
importId:
  parts: [{ field: uid, type: string }]
`,
};

/** Writes `files` (paths under schemas/) to a fresh temporary folder and returns the schemas folder. */
export function schemaTree(files: Record<string, string>): string {
  const dir = join(mkdtempSync(join(tmpdir(), "sdkgen-")), "schemas");
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

/** The formatted diagnostics of a tree (validation, then planning, as the CLI runs them), or [] when it is valid. */
export function problems(files: Record<string, string>): string[] {
  try {
    planPackages(loadModels(schemaTree(files)));
    return [];
  } catch (e) {
    if (e instanceof SchemaError) return e.diagnostics.map(formatDiagnostic);
    throw e;
  }
}

export const modelOf = (files: Record<string, string>): PackageModel => loadModels(schemaTree(files))[0]!;
