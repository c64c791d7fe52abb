import { PROVIDER_RUNTIMES } from "@sdkgen/runtime/providers";
import type { Protocol } from "./model/types.js";

/** What generated code relies on the runtime for, beyond its types: checked at validation and planning. */

/** Provider functions the runtime implements; a schema declaring another is refused. */
export const RUNTIME_FUNCTIONS = ["terraformConfig"] as const;

/**
 * Names the generated index re-exports from the runtime, so a program handles results, errors, secrets
 * and logging without importing the runtime itself; schema names may not take them. Errors of one
 * protocol only (cloudplat's credential errors, say) come from that protocol's runtime entry.
 */
export function runtimeReexports(provider: string): {
  /** A generic class has its type parameters as declared (`T = string`), for the root's alias of its type. */
  values: { name: string; kind: "class" | "function"; typeParameters?: string }[];
  protocolValues: { name: string; kind: "class" }[];
  types: string[];
} {
  const classes = (names: readonly string[]) => [...names].sort().map((name) => ({ name, kind: "class" as const }));
  return {
    values: [
      ...classes([
        "NotFoundError",
        "OrderUncertainError",
        "ReplacementRequiredError",
        "ServiceError",
        "TransportError",
        "ValidationError",
        "WaitError",
      ]),
      { name: "Secret", kind: "class", typeParameters: "T = string" },
      { name: "secret", kind: "function" },
      { name: "setLogSink", kind: "function" },
      { name: "setWarningSink", kind: "function" },
    ],
    protocolValues: classes(PROVIDER_RUNTIMES[provider]?.errors ?? []),
    types: ["LogSink", "Logger", "SecretInput", "ValidationIssue"],
  };
}

/**
 * Members of each protocol's runtime Provider class, which a generated Provider's own members (exposed
 * settings) must not shadow. A test holds these lists to the classes themselves.
 */
export const PROVIDER_MEMBERS: Readonly<Record<Protocol, readonly string[]>> = {
  cloudplat: [
    "check",
    "client",
    "complete",
    "config",
    "credentials",
    "kind",
    "lookup",
    "pollMs",
    "region",
    "settingSource",
    "toJSON",
    "waitMs",
  ],
  netsvc: [
    "assertTermsAccepted",
    "check",
    "client",
    "complete",
    "config",
    "kind",
    "lookup",
    "pollMs",
    "settingSource",
    "toJSON",
    "waitMs",
  ],
};
