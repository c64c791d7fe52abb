// Strict TypeScript, ES modules, module/moduleResolution NodeNext: root, subpath and package.json imports.
import * as cloudplat from "cloudplat";
import * as netsvc from "netsvc";
import { getApiGatewayApis } from "cloudplat/lookups/getApiGatewayApis";
import { Port } from "netsvc/resources/port";
import type { VxcEnd } from "netsvc/types/vxcEnd";
import pkg from "netsvc/package.json" with { type: "json" };
import { report } from "./report.js";

const end: VxcEnd = { productUid: "uid" };
await report(netsvc, cloudplat, {
  subpaths: Port === netsvc.Port && getApiGatewayApis === cloudplat.getApiGatewayApis && end.productUid,
  version: pkg.version,
});
