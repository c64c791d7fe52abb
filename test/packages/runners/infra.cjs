// Plain node, CommonJS.
const runtime = require("@sdkgen/runtime");
const { Port, ValidationError } = require("netsvc");
const { runStackCommand, Stack } = require("netsvc/stack");

if (ValidationError !== runtime.ValidationError) throw new Error("two copies of the runtime");
const stack = new Stack(process.env.STACK);
stack.resource(Port, "edge", {
  productName: `${process.env.STACK}-edge`,
  contractTermMonths: 1,
  locationId: 3,
  marketplaceVisibility: false,
  portSpeed: 10000,
});
runStackCommand(stack).then((code) => (process.exitCode = code));
