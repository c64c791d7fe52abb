import type { ResourceDescriptor } from "../../descriptor.js";
import type { KindOps } from "../../lifecycle/resource.js";
import type { CloudplatProvider } from "../provider.js";
import { apiOps } from "./api.js";
import { customDomainOps } from "./customDomain.js";
import { serviceReleaseOps } from "./serviceRelease.js";
import { usagePlanAttachmentOps } from "./usagePlanAttachment.js";

export type KindFactory = (provider: CloudplatProvider, d: ResourceDescriptor) => KindOps;

/**
 * The resource kinds this runtime implements by hand (wire reference §5), by token: those whose
 * behaviour their schema's operations cannot say yet. Every other kind is bound in its schema.
 */
export const KINDS: Readonly<Record<string, KindFactory>> = {
  "cloudplat:index/apiGatewayApi:ApiGatewayApi": apiOps,
  "cloudplat:index/apiGatewayServiceRelease:ApiGatewayServiceRelease": serviceReleaseOps,
  "cloudplat:index/apiGatewayUsagePlanAttachment:ApiGatewayUsagePlanAttachment": usagePlanAttachmentOps,
  "cloudplat:index/apiGatewayCustomDomain:ApiGatewayCustomDomain": customDomainOps,
};
