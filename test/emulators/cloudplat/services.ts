/** Every emulated service by credential-scope name, with its API version (reference §0). */
import type { ServiceDef } from "./actions.js";
import { stsService, type StsOptions } from "./sts.js";

export function buildServices(options: StsOptions): Record<string, ServiceDef> {
  return {
    sts: stsService(options),
  };
}
