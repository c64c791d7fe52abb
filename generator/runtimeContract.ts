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
  values: string[];
  protocolValues: string[];
  types: string[];
} {
  return {
    values: [
      "NotFoundError",
      "OrderUncertainError",
      "ReplacementRequiredError",
      "ServiceError",
      "TransportError",
      "ValidationError",
      "WaitError",
      "Secret",
      "secret",
      "setLogSink",
      "setWarningSink",
    ],
    protocolValues: [...(PROVIDER_RUNTIMES[provider]?.errors ?? [])].sort(),
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
