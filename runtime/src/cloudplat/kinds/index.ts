import type { ResourceDescriptor } from "../../descriptor.js";
import type { KindOps } from "../../lifecycle/resource.js";
import type { CloudplatProvider } from "../provider.js";

export type KindFactory = (provider: CloudplatProvider, d: ResourceDescriptor) => KindOps;

/** The resource kinds this runtime implements (wire reference §5), by token. */
export const KINDS: Readonly<Record<string, KindFactory>> = {};
