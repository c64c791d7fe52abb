import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const TSC = join(ROOT, "node_modules/typescript/bin/tsc");

/** Every golden fixture's expected package, found rather than listed, so none escapes the check. */
function fixtureProjects(): string[] {
  const fixtures = join(ROOT, "test/fixtures");
  return readdirSync(fixtures, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .flatMap((e) =>
      readdirSync(join(fixtures, e.name, "expected")).map(
        (pkg) => `test/fixtures/${e.name}/expected/${pkg}/tsconfig.json`,
      ),
    )
    .sort();
}

/** tsc --noEmit on a project; its diagnostics on failure. */
function typecheck(project: string): { status: number | null; output: string } {
  const r = spawnSync(process.execPath, [TSC, "--noEmit", "-p", join(ROOT, project)], { cwd: ROOT, encoding: "utf8" });
  return { status: r.status, output: r.stdout + r.stderr };
}

describe("type-checks under strict settings (exactOptionalPropertyTypes, noUncheckedIndexedAccess)", () => {
  it.each(["generated/netsvc/tsconfig.json", "generated/cloudplat/tsconfig.json", ...fixtureProjects()])(
    "%s",
    (project) => {
      const r = typecheck(project);
      expect(r.output).toBe("");
      expect(r.status).toBe(0);
    },
  );

  it("consumer programs compile, and every @ts-expect-error line is a real type error", () => {
    const r = typecheck("test/consumers/tsconfig.json");
    expect(r.output).toBe("");
    expect(r.status).toBe(0);
  });
});
