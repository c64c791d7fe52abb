import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { generatePackages, loadModels } from "../../generator/pipeline.js";

/**
 * Golden trees: each fixture's schemas in, its expected tree out. Accept intended changes with
 * `UPDATE_GOLDEN=1 make test` and review the diff of test/fixtures/<case>/expected/.
 */
const FIXTURES = fileURLToPath(new URL("../fixtures/", import.meta.url));
const update = process.env.UPDATE_GOLDEN === "1";

const listFiles = (dir: string, prefix = ""): string[] =>
  existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? listFiles(join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`],
      )
    : [];

// One folder per fixture; test/fixtures/README.md says what each shows.
const fixtures = readdirSync(FIXTURES, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? [e.name] : []));

describe.each(fixtures)("golden tree %s", (fixture) => {
  it("matches the expected files exactly", async () => {
    const packages = await generatePackages(loadModels(join(FIXTURES, fixture, "schemas")));
    for (const pkg of packages) {
      const expectedDir = join(FIXTURES, fixture, "expected", pkg.name);
      if (update) {
        rmSync(expectedDir, { recursive: true, force: true });
        for (const [path, text] of pkg.files) {
          mkdirSync(dirname(join(expectedDir, path)), { recursive: true });
          writeFileSync(join(expectedDir, path), text);
        }
      }
      expect(listFiles(expectedDir).sort(), `file list of ${pkg.name}`).toEqual([...pkg.files.keys()].sort());
      for (const [path, text] of pkg.files)
        expect(text, `${pkg.name}/${path}`).toBe(readFileSync(join(expectedDir, path), "utf8"));
    }
  });
});
