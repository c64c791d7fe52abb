// `make fuzz`: thousands of schema mutants per provider (FUZZ_ARGS: mutants seed), counts and failures printed.
import { fuzz } from "./fuzz.mjs";

const [mutants = 3000, seed = 1] = process.argv.slice(2).map(Number);
for (const provider of ["netsvc", "cloudplat"]) {
  const started = performance.now();
  const { counts, failures } = fuzz({ mutants, seed, provider });
  console.log(
    [
      `fuzz: ${counts.mutants} mutants of schemas/${provider}, seed ${seed}, ${((performance.now() - started) / 1000).toFixed(1)} s`,
      `  valid ${counts.valid}, rejected ${counts.rejected} with ${counts.diagnostics} diagnostics`,
      `  by mutator: ${Object.entries(counts.byMutator)
        .map(([k, n]) => `${k} ${n}`)
        .join(", ")}`,
      `  failures ${failures.length} (bound 0)`,
      ...failures.slice(0, 20).map((f) => `    ${f.slice(0, 600)}`),
    ].join("\n"),
  );
  if (failures.length > 0) process.exitCode = 1;
}
