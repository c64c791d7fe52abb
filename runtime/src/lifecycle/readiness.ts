import type { Readiness } from "../descriptor.js";
import type { Values } from "./resource.js";
import type { WaitVerdict } from "./wait.js";

/**
 * The verdict a kind's declared readiness gives on a read (`undefined`: the object was not found). A
 * status field's values are compared ignoring case; any value not declared ready or failed is pending.
 */
export function readinessVerdict(readiness: Readiness, state: Values | undefined): WaitVerdict {
  if (readiness === "readable")
    return state ? { state: "ready", status: "ACTIVE" } : { state: "pending", status: "CREATING" };
  if (!state) return { state: "failed", status: "GONE", message: "it no longer exists" };
  const status = String(state[readiness.field] ?? "UNKNOWN").toUpperCase();
  const among = (values: readonly string[] | undefined) => values?.some((v) => v.toUpperCase() === status);
  if (among(readiness.ready)) return { state: "ready", status };
  if (among(readiness.failed)) return { state: "failed", status, message: `it is ${status.toLowerCase()}` };
  return { state: "pending", status };
}
