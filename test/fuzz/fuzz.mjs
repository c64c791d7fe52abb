// The schema fuzzer: mutants of the real schemas (one file broken per mutant), each validated and
// planned as `sdkgen validate` does. A mutant may be valid; an invalid one must give positioned
// diagnostics in a bounded report, never an internal error. Runs on the compiled generator (make).
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { checkedModels } from "../../build/generator/run/checkedModels.js";
import { Store } from "../../build/generator/reuse/store.js";
import { reportLines, SchemaError } from "../../build/generator/diagnostics.js";
import { planPackages } from "../../build/generator/pipeline.js";
import { MUTATOR_NAMES, MUTATORS, random } from "./mutate.mjs";

/** A report larger than this is unbounded output. */
export const MAX_REPORT = 100_000;

const yamlFiles = (dir) =>
  readdirSync(dir, { recursive: true })
    .filter((f) => f.endsWith(".yaml"))
    .map((f) => join(dir, f))
    .sort();

/**
 * Runs `mutants` mutants of one provider's schemas (seeded) and returns the counts, with every
 * failure (an internal error, a diagnostic without a position, a report over MAX_REPORT).
 */
export function fuzz({ mutants, seed, provider = "netsvc", repo = process.cwd() }) {
  const root = mkdtempSync(join(tmpdir(), "sdkgen-fuzz-"));
  const schemas = join(root, "schemas");
  cpSync(join(repo, "schemas", provider), join(schemas, provider), { recursive: true });
  cpSync(join(repo, "schemas", "meta"), join(schemas, "meta"), { recursive: true });
  const files = yamlFiles(join(schemas, provider));
  // The pristine tree parsed once: each mutant then parses only its broken file, as a maintainer's edit does.
  const store = Store.open(undefined);
  const load = () => {
    const run = store.begin();
    try {
      return checkedModels(schemas, run);
    } finally {
      store.end(run, { wrote: false });
    }
  };
  planPackages(load());
  const rand = random(seed);
  const counts = { mutants: 0, valid: 0, rejected: 0, diagnostics: 0, byMutator: {} };
  const failures = [];
  try {
    for (let i = 0; i < mutants; i++) {
      const file = files[Math.floor(rand() * files.length)];
      const mutator = MUTATOR_NAMES[Math.floor(rand() * MUTATOR_NAMES.length)];
      const original = readFileSync(file, "utf8");
      writeFileSync(file, MUTATORS[mutator](original, rand));
      const shown = `${relative(root, file)} (${mutator}, mutant ${i})`;
      counts.mutants++;
      counts.byMutator[mutator] = (counts.byMutator[mutator] ?? 0) + 1;
      try {
        planPackages(load());
        counts.valid++;
      } catch (e) {
        if (!(e instanceof SchemaError))
          failures.push(`${shown}: internal error: ${String(e?.stack ?? e).slice(0, 600)}`);
        else {
          counts.rejected++;
          counts.diagnostics += e.diagnostics.length;
          const unplaced = e.diagnostics.find(
            (d) => !d.file.startsWith(`schemas/${provider}/`) || !(d.line >= 1 && d.col >= 1),
          );
          if (unplaced)
            failures.push(`${shown}: a diagnostic without a position: ${JSON.stringify(unplaced).slice(0, 300)}`);
          const size = reportLines(e.diagnostics).join("\n").length;
          if (size > MAX_REPORT) failures.push(`${shown}: a ${size}-character report`);
        }
      } finally {
        writeFileSync(file, original);
      }
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  return { counts, failures };
}
