// The interrupt test's stack program (test/e2e/stackInterrupt.test.ts), against the built packages: a
// port and a service key on it, run as a user runs it (`node infra.mjs up --yes`), stopped with Ctrl-C.
import { Port, Provider, ServiceKey } from "netsvc";
import { fileBackend, runStackCommand, Stack } from "netsvc/stack";

const { EMU_URL, EMU_ACCESS_KEY, EMU_SECRET_KEY, STATE_DIR } = process.env;
const provider = new Provider(
  { endpoint: EMU_URL, accessKey: EMU_ACCESS_KEY, secretKey: EMU_SECRET_KEY, acceptPurchaseTerms: true, waitTime: 5 },
  {},
  { pollMs: 50 },
);
const stack = new Stack("dev", {
  backend: fileBackend(STATE_DIR),
  providers: { netsvc: provider },
  passphrase: "interrupt test",
});
const port = stack.resource(Port, "edge", {
  productName: "edge",
  contractTermMonths: 1,
  locationId: 3,
  marketplaceVisibility: false,
  portSpeed: 10000,
});
stack.resource(ServiceKey, "key", { productUid: port.out.productUid, maxSpeed: 100, singleUse: false, active: true });
process.exitCode = await runStackCommand(stack);
