import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { formatDiagnostic, SchemaError } from "../../generator/diagnostics.js";
import { loadModels, planPackages } from "../../generator/pipeline.js";
import type { PackageModel } from "../../generator/model/types.js";

/** The settings the netsvc protocol's runtime needs a value for, as provider config lines. */
export const NETSVC_SETTINGS = `  acceptPurchaseTerms: { type: boolean, mode: required, description: T. }
  accessKey: { type: string, mode: required, description: A. }
  secretKey: { type: string, mode: required, secret: true, description: S. }
  environment: { type: string, mode: optional, default: production, description: E. }
  cancelAtEndOfTerm: { type: boolean, mode: optional, default: false, description: C. }
  waitTime: { type: integer, mode: optional, default: 10, description: W. }
`;

/**
 * BASE's provider bound to `protocol`, with the settings netsvc's runtime needs after its own config
 * (so that its other lines keep their numbers).
 */
export const providerWithProtocol = (protocol: string): string =>
  BASE["demo/provider.yaml"]!.replace("envPrefix: DEMO", `envPrefix: DEMO\nprotocol: ${protocol}`) +
  (protocol === "netsvc" ? NETSVC_SETTINGS : "");

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
