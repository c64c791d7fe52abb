// A stack program, run as users run one: `npx tsx examples/netsvc/stack.ts preview|up|refresh|destroy|outputs`
// (its state in .sdkgen/stacks of this project, or SDKGEN_STACK_DIR; secrets sealed with SDKGEN_STACK_PASSPHRASE).
// `make demo` runs it under tsx against the emulator, then again with DEMO_EDIT=1: one in-place change, one replacement.
import { Port, Provider, ServiceKey } from "netsvc";
import { interpolate, runStackCommand, Stack } from "netsvc/stack";

const edited = process.env.DEMO_EDIT === "1";
const stack = new Stack("demo", { providers: { netsvc: new Provider() } }); // configured by the NETSVC_* variables

/** A port, and a service key on it that partners use to connect. */
const edge = stack.resource(Port, "edge", {
  productName: edited ? "edge-renamed" : "edge",
  contractTermMonths: 12,
  locationId: 3,
  marketplaceVisibility: false,
  portSpeed: 10000,
});
stack.resource(ServiceKey, "partners", {
  productUid: edge.out.productUid, // a reference: the key waits for the port, and follows it
  maxSpeed: edited ? 200 : 100, // a service key's speed is fixed: a change replaces it
  singleUse: false,
  active: true,
  description: interpolate`for partners of ${edge.out.productName}`, // text built from an output
});
stack.output("portId", edge.id);

process.exitCode = await runStackCommand(stack);
