// Stacks (issue 12 §5): planning 1,000 declared resources against their state, applying 200
// independent ones against the emulator (in its own process) at the default parallelism, and the
// state-write cost per step of the file and the PostgreSQL backend. Figures are measured, each with
// its bound where the issue sets one.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { Port, Provider } from "netsvc";
import { fileBackend, postgresBackend, Stack } from "netsvc/stack";
import { startPostgres } from "../../build/examples/test/postgres/server.js";
import { emulatorProcess } from "./emulatorProcess.mjs";
import { printLoad } from "./load.mjs";
import { runtimeInternal } from "./runtimeInternal.mjs";

const { planSteps, topologicalOrder } = await runtimeInternal("stack/engine.ts");

printLoad("start");
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const port = (i) => ({
  productName: `bench-${i}`,
  contractTermMonths: 1,
  locationId: 3,
  marketplaceVisibility: false,
  portSpeed: 10000,
});

// 1. Planning 1,000 declared resources against a state that records them all (the reads excluded).
const emu = await emulatorProcess("netsvc");
const provider = new Provider(
  {
    endpoint: emu.url,
    accessKey: emu.credentials.accessKey,
    secretKey: emu.credentials.secretKey,
    acceptPurchaseTerms: true,
  },
  {},
  { pollMs: 20 },
);
const declarations = [];
const records = {};
const live = new Map();
const planner = new Stack("plan");
for (let i = 0; i < 1000; i++) {
  planner.resource(Port, `p${i}`, port(i));
  const state = { ...port(i), productUid: `uid-${i}`, provisioningStatus: "LIVE" };
  records[`p${i}`] = { kind: Port.token, id: `uid-${i}`, inputs: port(i), outputs: state, dependencies: [] };
  live.set(`p${i}`, new Port(Port.descriptor, provider, `uid-${i}`, state));
  declarations.push({ name: `p${i}`, cls: Port, args: port(i), options: {} });
}
const planRuns = [];
for (let r = 0; r < 5; r++) {
  const started = performance.now();
  const plan = planSteps("plan", topologicalOrder(declarations), { stack: "plan", resources: records }, live);
  planRuns.push(performance.now() - started);
  if (plan.steps.some((s) => s.operation !== "unchanged")) throw new Error("the bench's plan should change nothing");
}
console.log(
  `plan 1,000 declared resources against their state: ${median(planRuns).toFixed(0)} ms (runs ${planRuns.map((x) => x.toFixed(0)).join(" ")}; bound 1,000 ms) ${median(planRuns) <= 1000 ? "ok" : "OVER"}`,
);

// 2. Applying 200 independent resources, and the cost of each state write, per backend.
async function apply(name, backend) {
  const writes = [];
  const timed = {
    ...backend,
    write: async (stack, text) => {
      const started = performance.now();
      await backend.write(stack, text);
      writes.push(performance.now() - started);
    },
  };
  const stack = new Stack(name, { backend: timed, providers: { netsvc: provider }, kinds: [Port] });
  for (let i = 0; i < 200; i++) stack.resource(Port, `${name}-${i}`, port(`${name}-${i}`));
  let started = performance.now();
  const { failed } = await stack.up();
  const upMs = performance.now() - started;
  if (failed.length) throw new Error(`${failed.length} failed: ${String(failed[0].error)}`);
  started = performance.now();
  const again = await stack.preview();
  const previewMs = performance.now() - started;
  if (again.steps.some((s) => s.operation !== "unchanged")) throw new Error("a rerun should change nothing");
  return { upMs, previewMs, writes };
}
const stateDir = mkdtempSync(join(tmpdir(), "sdkgen-bench-stack-"));
const file = await apply("file", fileBackend(stateDir));
const server = await startPostgres();
const pool = new pg.Pool({ connectionString: server.url, max: 8 });
const postgres = await apply("pg", postgresBackend(pool));
for (const [label, r] of [
  ["file", file],
  ["postgres", postgres],
])
  console.log(
    `${label} backend: up of 200 independent ports ${(r.upMs / 1000).toFixed(2)} s (parallelism 8), unchanged preview ${(r.previewMs / 1000).toFixed(2)} s; ${r.writes.length} state writes, median ${median(r.writes).toFixed(1)} ms, max ${Math.max(...r.writes).toFixed(1)} ms`,
  );
await pool.end();
await server.stop();
await emu.stop();
rmSync(stateDir, { recursive: true, force: true });
printLoad("end");
