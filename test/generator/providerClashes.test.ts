import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { BASE, problems } from "./schemaTree.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** BASE's provider copied as `demo2`, its package and prefix as given. */
const second = (pkg: string, prefix: string): Record<string, string> => ({
  "demo2/provider.yaml": BASE["demo/provider.yaml"]!.replace("name: demo\n", "name: demo2\n")
    .replace("package: { name: demo,", `package: { name: ${pkg},`)
    .replace("envPrefix: DEMO", `envPrefix: ${prefix}`)
    .replace("env: DEMO_API_KEY", `env: ${prefix}_API_KEY`),
  "demo2/resources/widget.yaml": BASE["demo/resources/widget.yaml"]!.replace("demo:index", "demo2:index"),
});

describe("two providers", () => {
  it("may not publish one package, nor read overlapping environment variables", () => {
    expect(problems({ ...BASE, ...second("demo", "DEMO_TWO") })).toEqual([
      "schemas/demo2/provider.yaml:5:12: envPrefix DEMO_TWO overlaps provider demo's DEMO: a program using both packages would read the same environment variables for both; give each provider a prefix of its own",
      'schemas/demo2/provider.yaml:6:18: package name "demo" is also provider demo\'s: each provider publishes a package of its own',
    ]);
  });

  it("are each their own with distinct packages and prefixes, however alike otherwise", () => {
    expect(problems({ ...BASE, ...second("demo-two", "DEMOTWO") })).toEqual([]);
  });

  it("that clash are refused by generate before anything is written", () => {
    const dir = mkdtempSync(join(tmpdir(), "sdkgen-clash-"));
    const schemas = join(dir, "schemas");
    cpSync(join(ROOT, "schemas"), schemas, { recursive: true });
    const file = join(schemas, "cloudplat/provider.yaml");
    writeFileSync(file, readFileSync(file, "utf8").replace("  name: cloudplat\n", "  name: netsvc\n"));
    const out = join(dir, "generated");
    const r = spawnSync(
      process.execPath,
      [join(ROOT, "build/generator/cli.js"), "generate", "--schemas", schemas, "--out", out, "--no-cache"],
      { encoding: "utf8" },
    );
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(
      /^schemas\/netsvc\/provider\.yaml:14:9: package name "netsvc" is also provider cloudplat's/m,
    );
    expect(r.stderr).toMatch(/1 schema problem; nothing was written\./);
    expect(existsSync(out)).toBe(false);
  });
});
