// TypeScript as an ES module (the project is "type": "module"), under tsx.
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
process.exitCode = await runStackCommand(stack);
