// TypeScript with the legacy moduleResolution node10, compiled to CommonJS: it reads "main", "types"
// and "typesVersions" instead of "exports".
import * as cloudplat from "cloudplat";
import * as netsvc from "netsvc";
import { Port } from "netsvc/resources/port";
import { report } from "./report";

void report(netsvc, cloudplat, { subpaths: Port === netsvc.Port });
