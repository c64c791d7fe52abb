// `make fuzz`: thousands of schema mutants (FUZZ_ARGS: mutants seed), counts and failures printed.
import { fuzz } from "./fuzz.mjs";

const [mutants = 3000, seed = 1] = process.argv.slice(2).map(Number);
const started = performance.now();
const { counts, failures } = fuzz({ mutants, seed });
console.log(
  [
    `fuzz: ${counts.mutants} mutants of schemas/netsvc, seed ${seed}, ${((performance.now() - started) / 1000).toFixed(1)} s`,
    `  valid ${counts.valid}, rejected ${counts.rejected} with ${counts.diagnostics} diagnostics`,
    `  by mutator: ${Object.entries(counts.byMutator)
      .map(([k, n]) => `${k} ${n}`)
      .join(", ")}`,
    `  failures ${failures.length} (bound 0)`,
    ...failures.slice(0, 20).map((f) => `    ${f}`),
  ].join("\n"),
);
if (failures.length > 0) process.exitCode = 1;
