// What the test runners' files share: preview, up, up again and destroy, in-process, as a user's
// test of their stack does; each command's exit code and whether the runtime is one copy.
import * as runtime from "@sdkgen/runtime";
import { Port, ValidationError } from "netsvc";
import { runStackCommand, Stack } from "netsvc/stack";

export async function stackRun(name) {
  const declare = () => {
    const stack = new Stack(name);
    stack.resource(Port, "edge", {
      productName: `${name}-edge`,
      contractTermMonths: 1,
      locationId: 3,
      marketplaceVisibility: false,
      portSpeed: 10000,
    });
    return stack;
  };
  const quiet = { out: { write() {} }, err: { write() {} } };
  const codes = [];
  for (const argv of [["preview"], ["up", "--yes"], ["up", "--yes"], ["destroy", "--yes"]])
    codes.push(await runStackCommand(declare(), argv, quiet));
  return { oneRuntime: ValidationError === runtime.ValidationError, codes };
}
