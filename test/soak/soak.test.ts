import { expect, it } from "vitest";
import { cloudplatSoak } from "./cloudplatSoak.js";
import { soak } from "./soak.js";

// The soak at a size for every test run, on a fixed seed: faults before a quarter of the operations,
// and still no object ordered twice and none the program was not told about.
it("orders nothing twice and loses nothing under faults (fixed seed)", async () => {
  const r = await soak({ cycles: 60, concurrency: 4, faultRate: 0.25, seed: 7 });
  expect(r.faults).toBeGreaterThan(10);
  expect(r.operations).toBeGreaterThan(100);
  expect({ duplicates: r.duplicates, orphans: r.orphans }).toEqual({ duplicates: 0, orphans: 0 });
}, 120_000);

it("creates no cloudplat service twice and loses none under faults (fixed seed)", async () => {
  const r = await cloudplatSoak({ cycles: 60, concurrency: 4, faultRate: 0.25, seed: 7 });
  expect(r.faults).toBeGreaterThan(10);
  expect(r.operations).toBeGreaterThan(100);
  expect({ duplicates: r.duplicates, orphans: r.orphans }).toEqual({ duplicates: 0, orphans: 0 });
}, 120_000);
