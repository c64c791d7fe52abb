// TypeScript compiled to CommonJS (a project without "type": "module"), under tsx and ts-node.
import * as runtime from "@sdkgen/runtime";
import { Port, ValidationError } from "netsvc";
import { runStackCommand, Stack } from "netsvc/stack";

if (ValidationError !== runtime.ValidationError) throw new Error("two copies of the runtime");
const stack = new Stack(process.env.STACK!);
stack.resource(Port, "edge", {
  productName: `${process.env.STACK}-edge`,
  contractTermMonths: 1,
  locationId: 3,
  marketplaceVisibility: false,
  portSpeed: 10000,
});
void runStackCommand(stack).then((code) => (process.exitCode = code));
