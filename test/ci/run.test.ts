import { spawnSync } from "node:child_process";
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT } from "../diff/harness.js";

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/**
 * `.ci/run` in a scratch folder whose Makefile's `test` target prints `output` and exits with
 * `status`, as a failed build, a failed test or a green run would: the last line it prints, the one
 * before, and its exit status.
 */
function ciRun(output: string, status: number) {
  const dir = mkdtempSync(join(tmpdir(), "sdkgen-ci-"));
  dirs.push(dir);
  mkdirSync(join(dir, ".ci"));
  copyFileSync(join(ROOT, ".ci/run"), join(dir, ".ci/run"));
  chmodSync(join(dir, ".ci/run"), 0o755);
  writeFileSync(join(dir, "output.txt"), output);
  writeFileSync(join(dir, "Makefile"), `test:\n\t@cat output.txt\n\t@exit ${status}\n`);
  const r = spawnSync(join(dir, ".ci/run"), { cwd: dir, encoding: "utf8" });
  const lines = r.stdout.trimEnd().split("\n");
  return { last: lines.at(-1), before: lines.at(-2), status: r.status };
}

// vitest's report, as it prints it without a terminal (colours included when forced).
const vitest = (tests: string, files = "Test Files  2 passed (2)") =>
  `\n \u001b[2m${files}\u001b[22m\n\u001b[2m      Tests \u001b[22m ${tests}\n   Duration  1.2s\n`;

describe(".ci/run's summary line", () => {
  it("counts vitest's passed and failed tests", () => {
    expect(ciRun(vitest("12 passed (12)"), 0)).toMatchObject({ last: "12 passed, 0 failed", status: 0 });
    const failed = ciRun(vitest("2 failed | 10 passed | 1 skipped (13)"), 1);
    expect(failed.last).toBe("10 passed, 2 failed");
    expect(failed.status).not.toBe(0); // make's own status for a failed recipe
  });

  it("counts a build or type-check that fails before vitest as one failed check, and says why", () => {
    const r = ciRun(
      "tsc -p runtime\nruntime/src/index.ts(1,7): error TS2322: nope\nmake: *** [Makefile:21: tools] Error 2\n",
      2,
    );
    expect(r.last).toBe("0 passed, 1 failed");
    expect(r.before).toBe("vitest did not run: make: *** [Makefile:21: tools] Error 2");
    expect(r.status).not.toBe(0);
  });

  it("never reports a failing run as 0 failed: a test file that failed to load counts as one failure", () => {
    const r = ciRun(vitest("10 passed (10)", "Test Files  1 failed | 2 passed (3)"), 1);
    expect(r.last).toBe("10 passed, 1 failed");
    expect(r.before).toMatch(/^vitest failed without a failed test/);
    expect(r.status).not.toBe(0);
  });
});
