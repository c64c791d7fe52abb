// A stack program: what should exist, declared once, then previewed, applied, edited and run again.
// Each phase goes through the same command line a user's program gets (runStackCommand).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Port, type PortArgs, Provider, ServiceKey } from "netsvc";
import { fileBackend, runStackCommand, Stack } from "netsvc/stack";

/** The program: a port, and a service key on it that partners use to connect. */
function declare(state: string, edit: { portName: string; keyDescription: string }): Stack {
  const stack = new Stack("demo", {
    backend: fileBackend(state),
    providers: { netsvc: new Provider() }, // configured by the NETSVC_* variables
    kinds: [Port, ServiceKey],
  });
  const port: PortArgs = {
    productName: edit.portName,
    contractTermMonths: 12,
    locationId: 3,
    marketplaceVisibility: false,
    portSpeed: 10000,
  };
  const edge = stack.resource(Port, "edge", port);
  stack.resource(ServiceKey, "partners", {
    productUid: edge.out.productUid, // a reference: the key waits for the port, and follows it
    maxSpeed: 100,
    singleUse: false,
    active: true,
    description: edit.keyDescription,
  });
  return stack;
}

async function phase(title: string, stack: Stack, ...argv: string[]): Promise<void> {
  console.log(`\n-- ${title}: ${argv.join(" ")}`);
  const code = await runStackCommand(stack, argv);
  console.log(`(exit ${code})`);
  if (code === 1) throw new Error(`${argv[0]} failed`);
}

export async function main(): Promise<void> {
  process.env.SDKGEN_STACK_PASSPHRASE ??= "demo passphrase"; // seals the key in the state
  const state = mkdtempSync(join(tmpdir(), "sdkgen-demo-stack-"));
  const first = { portName: "edge", keyDescription: "for partners" };
  const edited = { portName: "edge-renamed", keyDescription: "for partners, renewed" };
  await phase("preview", declare(state, first), "preview");
  await phase("up", declare(state, first), "up", "--yes");
  await phase("edited: one in-place change, one replacement", declare(state, edited), "preview");
  await phase("up", declare(state, edited), "up", "--yes");
  await phase("unchanged rerun", declare(state, edited), "up", "--yes");
  await phase("destroy", declare(state, edited), "destroy", "--yes");
}
