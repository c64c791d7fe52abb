import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const TSC = join(ROOT, "node_modules/typescript/bin/tsc");

/** tsc --noEmit on a project; its diagnostics on failure. */
function typecheck(project: string): { status: number | null; output: string } {
  const r = spawnSync(process.execPath, [TSC, "--noEmit", "-p", join(ROOT, project)], { cwd: ROOT, encoding: "utf8" });
  return { status: r.status, output: r.stdout + r.stderr };
}

describe("type-checks under strict settings (exactOptionalPropertyTypes, noUncheckedIndexedAccess)", () => {
  it.each([
    "generated/netsvc/tsconfig.json",
    "generated/cloudplat/tsconfig.json",
    "test/fixtures/kitchen-sink/expected/demo/tsconfig.json",
    "test/fixtures/minimal/expected/tiny/tsconfig.json",
    "test/fixtures/netsvc-bound/expected/shop/tsconfig.json",
  ])("%s", (project) => {
    const r = typecheck(project);
    expect(r.output).toBe("");
    expect(r.status).toBe(0);
  });

  it("consumer programs compile, and every @ts-expect-error line is a real type error", () => {
    const r = typecheck("test/consumers/tsconfig.json");
    expect(r.output).toBe("");
    expect(r.status).toBe(0);
  });
});
