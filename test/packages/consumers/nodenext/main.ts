// Strict TypeScript, ES modules, module/moduleResolution NodeNext: root, subpath and package.json imports.
import * as cloudplat from "cloudplat";
import * as netsvc from "netsvc";
import { getApiGatewayApis } from "cloudplat/lookups/getApiGatewayApis";
import { Port } from "netsvc/resources/port";
import type { VxcEnd } from "netsvc/types/vxcEnd";
import pkg from "netsvc/package.json" with { type: "json" };
import { Stack } from "netsvc/stack";
import { report } from "./report.js";

const end: VxcEnd = { productUid: "uid" };
// A stack from the package's own entry: a reference typed as the input it fills.
const stack = new Stack("consumer", { kinds: [netsvc.Port, netsvc.ServiceKey], passphrase: "consumer" });
const edge = stack.resource(netsvc.Port, "edge", {
  productName: "edge",
  contractTermMonths: 12,
  locationId: 3,
  marketplaceVisibility: false,
  portSpeed: 10000,
});
stack.resource(netsvc.ServiceKey, "key", {
  productUid: edge.out.productUid,
  maxSpeed: 100,
  singleUse: false,
  active: true,
});
const plan = await stack.preview();
await report(netsvc, cloudplat, {
  // netsvc.Port is used above; the root's binding is then the subpath's own class, as a lookup's is once used.
  subpaths:
    Port === netsvc.Port &&
    cloudplat.getApiGatewayApis.name === getApiGatewayApis.name &&
    getApiGatewayApis === cloudplat.getApiGatewayApis &&
    end.productUid,
  version: pkg.version,
  stack: plan.steps.map((s) => s.operation).join(" "),
});
