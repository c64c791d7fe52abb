import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { ROOT } from "../diff/harness.js";

interface Step {
  readonly name?: string;
  readonly id?: string;
  readonly if?: string;
  readonly run?: string;
  readonly uses?: string;
  readonly with?: Record<string, unknown>;
  readonly env?: Record<string, string>;
}
interface Workflow {
  readonly on: Record<string, unknown>;
  readonly jobs: Record<string, { "timeout-minutes"?: number; steps: Step[] }>;
}

const DIR = join(ROOT, ".github/workflows");
const read = (file: string) => parse(readFileSync(join(DIR, file), "utf8")) as Workflow;
const files = readdirSync(DIR).filter((f) => f.endsWith(".yml"));
const steps = (w: Workflow) => Object.values(w.jobs).flatMap((j) => j.steps);

describe("the GitHub workflows", () => {
  it.each(files)("%s parses, bounds every job's time and keeps expressions out of shell scripts", (file) => {
    const w = read(file);
    for (const [name, job] of Object.entries(w.jobs))
      expect(job["timeout-minutes"], `${file}: job ${name}`).toBeGreaterThan(0);
    // `${{ … }}` in a script is pasted into the shell before it runs: a branch name could inject
    // commands. Values reach scripts through env: instead.
    for (const step of steps(w)) expect(step.run ?? "", `${file}: ${step.name}`).not.toContain("${{");
  });

  it("CI runs make check and make test on pushes and pull requests", () => {
    expect(existsSync(join(DIR, "ci.yml"))).toBe(true);
    const w = read("ci.yml");
    expect(Object.keys(w.on).sort()).toEqual(["pull_request", "push"]);
    const runs = steps(w).map((s) => s.run);
    expect(runs).toContain("make check");
    expect(runs).toContain("make test");
    expect(steps(w).find((s) => s.uses?.startsWith("actions/setup-node"))?.with).toMatchObject({
      "node-version": 20,
      cache: "npm",
    });
  });

  it("the schema review marks its earlier comment stale when the diff fails", () => {
    const all = steps(read("schema-review.yml"));
    const diff = all.find((s) => s.id === "diff")!;
    expect(diff.env?.BASE_REF).toBe("${{ github.base_ref }}");
    const stale = all.find((s) => s.if?.includes("failure() && steps.diff.outcome != 'success'"));
    expect(stale?.uses).toMatch(/^peter-evans\/create-or-update-comment@/);
    expect(stale?.with).toMatchObject({
      "comment-id": "${{ steps.earlier.outputs.comment-id }}",
      "edit-mode": "replace",
    });
    const body = String(stale?.with?.body);
    expect(body).toContain("<!-- sdkgen-schema-review -->"); // found and replaced again by the next run
    expect(body).toContain("stale");
    expect(body).toContain("${{ github.run_id }}");
    // The earlier comment is looked up before the diff, so a failed diff can still find it.
    expect(all.findIndex((s) => s.id === "earlier")).toBeLessThan(all.indexOf(diff));
  });
});
