import { PROVIDER_RUNTIMES } from "@sdkgen/runtime/providers";
import type { Protocol } from "./model/types.js";

/** Provider functions the runtime implements; a schema declaring another is refused. */
export const RUNTIME_FUNCTIONS = ["terraformConfig"] as const;

/** Names the generated index re-exports from the runtime; schema names may not take them. */
export function runtimeReexports(provider: string) {
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

/** Runtime Provider members a generated Provider's settings must not shadow (a test holds these to the classes). */
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
