// One run of the crash test's stack program (test/e2e/stackCrash.test.ts), against the built packages:
// COUNT ports, each with a service key on it. The test kills it at random moments.
import { Port, Provider, ServiceKey } from "netsvc";
import pg from "pg";
import { fileBackend, postgresBackend, Stack } from "netsvc/stack";

const { EMU_URL, EMU_ACCESS_KEY, EMU_SECRET_KEY, STATE_DIR, PG_URL, COUNT, PREFIX } = process.env;
// The state in PostgreSQL when PG_URL is set, else in files under STATE_DIR.
const pool = PG_URL ? new pg.Pool({ connectionString: PG_URL }) : undefined;
const provider = new Provider(
  { endpoint: EMU_URL, accessKey: EMU_ACCESS_KEY, secretKey: EMU_SECRET_KEY, acceptPurchaseTerms: true, waitTime: 1 },
  {},
  { pollMs: 20 },
);
const stack = new Stack("crash", {
  backend: pool ? postgresBackend(pool) : fileBackend(STATE_DIR),
  providers: { netsvc: provider },
  kinds: [Port, ServiceKey],
  passphrase: "crash test",
  parallelism: 4,
  // The emulator lists an order once it accepts it: the next run need not wait for a late one.
  orderSettleSeconds: 0,
});
for (let i = 0; i < Number(COUNT); i++) {
  const port = stack.resource(Port, `port${i}`, {
    productName: `${PREFIX}-port-${i}`,
    contractTermMonths: 1,
    locationId: 3,
    marketplaceVisibility: false,
    portSpeed: 10000,
  });
  stack.resource(ServiceKey, `key${i}`, {
    productUid: port.out.productUid,
    maxSpeed: 100,
    singleUse: false,
    active: true,
    description: `${PREFIX}-key-${i}`,
  });
}
const { failed } = await stack.up();
await pool?.end();
process.stdout.write(JSON.stringify(failed.map((f) => ({ name: f.name, error: String(f.error) }))));
