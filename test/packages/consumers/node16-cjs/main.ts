// TypeScript compiled to CommonJS with module node16 (the default of many IaC templates): the
// imports become require() calls. import() of the same package gives the same classes.
import * as cloudplat from "cloudplat";
import * as netsvc from "netsvc";
import { Port } from "netsvc/resources/port";
import { report } from "./report.js";

void import("netsvc").then((esm) =>
  report(netsvc, cloudplat, {
    // The root's binding is the subpath's own class once the class is first used (the token read).
    subpaths: netsvc.Port.token === Port.token && Port === netsvc.Port,
    oneClassForImportAndRequire: (esm.ValidationError as unknown) === netsvc.ValidationError,
  }),
);
