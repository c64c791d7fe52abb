// `make bench`: time to render the docs sites (templates/docs/ over the model, in this thread, nothing
// written), for both real packages and for a synthetic provider of 2,000 entities, each beside its bound.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { emitDocs } from "../../build/generator/docs/emitDocs.js";
import { loadModels, planPackages } from "../../build/generator/pipeline.js";
import { writeSynthetic } from "./synthetic.mjs";
import { printLoad } from "./load.mjs";

printLoad("start");

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const work = mkdtempSync(join(tmpdir(), "sdkgen-bench-docs-"));
const counts = writeSynthetic(join(work, "schemas"));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Median seconds of rendering every package of a schema folder, over `runs` runs (templates compiled on the first). */
function time(schemas, runs) {
  const plans = planPackages(loadModels(schemas));
  const seconds = [];
  const cpu = [];
  let pages = 0;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const used = process.cpuUsage();
    pages = plans.reduce((n, plan) => n + emitDocs(plan).size, 0);
    const { user, system } = process.cpuUsage(used);
    seconds.push((performance.now() - started) / 1000);
    cpu.push((user + system) / 1e6);
  }
  return { seconds, cpu, pages };
}

const rows = [
  ["both packages", time(join(ROOT, "schemas"), 5), 1],
  [
    `2,000 entities (${counts.resources} resources, ${counts.lookups} lookups, ${counts.types} types)`,
    time(join(work, "schemas"), 3),
    3,
  ],
];
// CPU time is printed beside wall time: on a shared machine it says what the rendering itself costs.
console.log(`${"docs site render".padEnd(70)} median  runs                 cpu     files  bound`);
for (const [what, { seconds, cpu, pages }, bound] of rows) {
  const m = median(seconds);
  console.log(
    `${what.padEnd(70)} ${m.toFixed(2)} s  ${seconds
      .map((s) => s.toFixed(2))
      .join(" ")
      .padEnd(20)} ${median(cpu).toFixed(2)} s  ${String(pages).padStart(5)}  ${bound} s ${m <= bound ? "ok" : "OVER"}`,
  );
}
rmSync(work, { recursive: true, force: true });
printLoad("end");
