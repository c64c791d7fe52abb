import { expect, it } from "vitest";
import { fuzz } from "./fuzz.mjs";

// A fixed-seed few hundred mutants of the real netsvc schemas (`make fuzz` runs thousands): every
// broken file gets positioned diagnostics in a bounded report, never an internal error.
it("answers every mutant of the schemas with positioned, bounded diagnostics or a valid tree", () => {
  const { counts, failures } = fuzz({ mutants: 300, seed: 7 });
  expect(failures).toEqual([]);
  expect(counts.mutants).toBe(300);
  expect(counts.rejected).toBeGreaterThan(200);
  expect(Object.keys(counts.byMutator).length).toBe(13); // every mutator ran
});
