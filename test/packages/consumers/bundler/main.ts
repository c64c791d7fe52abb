// TypeScript with moduleResolution bundler (as Vite or esbuild projects): root and subpath imports.
import * as cloudplat from "cloudplat";
import * as netsvc from "netsvc";
import { Port } from "netsvc/resources/port";
import { report } from "./report.js";

await report(netsvc, cloudplat, { subpaths: Port === netsvc.Port });
