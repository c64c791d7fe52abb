// TypeScript with the legacy moduleResolution node10, compiled to CommonJS: it reads "main", "types"
// and "typesVersions" instead of "exports".
import * as cloudplat from "cloudplat";
import * as netsvc from "netsvc";
import { Port } from "netsvc/resources/port";
import { report } from "./report";

// The root's binding is the subpath's own class once the class is first used (the token read).
void report(netsvc, cloudplat, { subpaths: netsvc.Port.token === Port.token && Port === netsvc.Port });
