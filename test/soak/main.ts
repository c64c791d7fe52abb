// `make soak`: both soaks at full size, figures printed. Arguments: cycles, concurrency, fault rate, seed.
import { cloudplatSoak } from "./cloudplatSoak.js";
import { soak, type SoakOptions, type SoakReport } from "./soak.js";

const [cycles = 600, concurrency = 8, faultRate = 0.25, seed = 1] = process.argv.slice(2).map(Number);
const options: SoakOptions = { cycles, concurrency, faultRate, seed };

function print(what: string, r: SoakReport, seconds: number): void {
  console.log(
    [
      `${what}: ${cycles} create/read/update/delete cycles, concurrency ${concurrency}, faults before ${Math.round(faultRate * 100)} % of operations, seed ${seed}`,
      `  operations ${r.operations}, faults armed ${r.faults}, ${seconds.toFixed(1)} s`,
      `  failures by class: ${
        Object.entries(r.failures)
          .map(([k, n]) => `${k} ${n}`)
          .join(", ") || "none"
      }`,
      `  duplicates ${r.duplicates} (bound 0), orphans ${r.orphans} (bound 0)`,
      `  heap ${r.heapBeforeMiB} MiB before, ${r.heapAfterMiB} MiB after`,
    ].join("\n"),
  );
  if (r.duplicates > 0 || r.orphans > 0) process.exitCode = 1;
}

for (const [what, run] of [
  ["soak netsvc (Port)", soak],
  ["soak cloudplat (ApiGatewayService)", cloudplatSoak],
] as const) {
  const started = performance.now();
  const report = await run(options);
  print(what, report, (performance.now() - started) / 1000);
}
