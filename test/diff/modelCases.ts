import type { ChangeCode } from "../../generator/diff/classify.js";
import type { Severity } from "../../generator/diff/types.js";
import { SOURCE, type Field, type PackageModel } from "../../generator/model/types.js";

/**
 * Changes the schema language cannot express today but the comparison must still classify: a token
 * that does not follow the name (tokens are checked against names), and provider-function inputs
 * (the runtime's only function takes none). Each applies `base` to both models, then `change` to the new one.
 */
export interface ModelCase {
  readonly name: string;
  readonly base?: (m: PackageModel) => PackageModel;
  readonly change: (m: PackageModel) => PackageModel;
  readonly expect: readonly (readonly [path: string, change: ChangeCode, severity: Severity])[];
}

const input = (mode: Field["mode"], secret = false): Field => ({
  name: "format",
  wireName: "format",
  description: "Output format.",
  mode,
  guaranteed: false,
  writeOnly: false,
  type: { kind: "string", secret },
  conflictsWith: [],
  // Model nodes say where they are written; this one is written nowhere, so it names the provider file.
  [SOURCE]: { file: "schemas/shop/provider.yaml", line: 1, col: 1 },
});

const withFunctionInput =
  (f: Field) =>
  (m: PackageModel): PackageModel => ({
    ...m,
    provider: { ...m.provider, functions: m.provider.functions.map((fn) => ({ ...fn, inputs: [f] })) },
  });

export const MODEL_CASES: readonly ModelCase[] = [
  {
    name: "a resource token changed under the same name",
    change: (m) => ({
      ...m,
      resources: m.resources.map((r) => (r.name === "Widget" ? { ...r, token: "shop:index/widgets:Widget" } : r)),
    }),
    expect: [["Widget", "token-changed", "breaking"]],
  },
  {
    name: "a function input made optional: nothing reads it back",
    base: withFunctionInput(input("required")),
    change: withFunctionInput(input("optional")),
    expect: [["terraformConfig.inputs.format", "made-optional", "info"]],
  },
  {
    name: "a function input made secret: inputs take plain values too",
    base: withFunctionInput(input("optional")),
    change: withFunctionInput(input("optional", true)),
    expect: [["terraformConfig.inputs.format", "secret-added", "info"]],
  },
];
