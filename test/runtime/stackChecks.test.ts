import { describe, expect, it } from "vitest";
import type { FieldSpec } from "@sdkgen/runtime";
import { checkDeclarations } from "../../runtime/src/stack/engine.js";
import { outputOf } from "../../runtime/src/stack/output.js";
import type { Declaration } from "../../runtime/src/stack/declare.js";
import type { Plan } from "../../runtime/src/stack/plan.js";

// A declaration is checked before anything is sent, with the values not known before up left to the
// call that gets them: so is a condition that reads one.
const fields: Record<string, FieldSpec> = {
  auth: { wire: "AuthType", mode: "optional", type: { kind: "string" } },
  business: {
    wire: "ApiBusinessType",
    mode: "optional",
    type: { kind: "string" },
    onlyWhen: { field: "auth", equals: "OAUTH" },
  },
};
const declaration = (args: Record<string, unknown>) =>
  ({ name: "api", cls: { descriptor: { name: "Api", fields } }, args, options: {} }) as unknown as Declaration;
const plan: Plan = {
  stack: "dev",
  steps: [
    { name: "source", kind: "k", operation: "create", changes: [] },
    { name: "api", kind: "k", operation: "create", changes: [] },
  ],
} as unknown as Plan;

describe("checkDeclarations", () => {
  it("leaves to up an onlyWhen whose condition reads a value not known yet", () => {
    const later = declaration({ auth: outputOf("source", "authType"), business: "NORMAL" });
    expect(() => checkDeclarations(plan, [later], new Map())).not.toThrow();
  });

  it("refuses one whose condition is known not to hold", () => {
    expect(() => checkDeclarations(plan, [declaration({ auth: "NONE", business: "NORMAL" })], new Map())).toThrow(
      'Api.business may be set only when auth is "OAUTH"',
    );
  });
});
