// TypeScript with moduleResolution bundler (as Vite or esbuild projects): root and subpath imports.
import * as cloudplat from "cloudplat";
import * as netsvc from "netsvc";
import { Port } from "netsvc/resources/port";
import { report } from "./report.js";

// The root's binding is the subpath's own class once the class is first used (the token read).
await report(netsvc, cloudplat, { subpaths: netsvc.Port.token === Port.token && Port === netsvc.Port });
