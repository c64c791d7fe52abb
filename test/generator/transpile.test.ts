import { spawnSync } from "node:child_process";
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const TSC = join(ROOT, "node_modules/typescript/bin/tsc");
const TRANSPILE = join(ROOT, "build/generator/package/transpile.js");

const copies: string[] = [];
afterAll(() => copies.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A copy of a generated package's sources and settings, inside the checkout so that its node_modules resolve. */
function packageCopy(name: string): string {
  mkdirSync(join(ROOT, "test/output"), { recursive: true });
  const dir = mkdtempSync(join(ROOT, `test/output/transpile-${name}-`));
  copies.push(dir);
  cpSync(join(ROOT, "generated", name, "src"), join(dir, "src"), { recursive: true });
  for (const f of ["tsconfig.json", "package.json"]) cpSync(join(ROOT, "generated", name, f), join(dir, f));
  return dir;
}

const transpile = (dir: string) =>
  spawnSync(process.execPath, [TRANSPILE, dir, join(dir, "record.json")], { encoding: "utf8" });

/** Every file under `dir` with its text, by path. */
const tree = (dir: string): Map<string, string> =>
  new Map(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name))
      .sort()
      .map((path) => [path.slice(dir.length + 1), readFileSync(path, "utf8")]),
  );

describe("make's transpiler (generator/package/transpile.ts)", () => {
  it.each(["netsvc", "cloudplat"])(
    "writes for %s what tsc writes, byte for byte",
    (name) => {
      const dir = packageCopy(name);
      const tsc = spawnSync(process.execPath, [TSC, "-p", dir, "--noCheck"], { encoding: "utf8" });
      expect(tsc.stdout + tsc.stderr).toBe("");
      renameSync(join(dir, "dist"), join(dir, "tsc-dist"));
      const r = transpile(dir);
      expect(r.stderr).toBe("");
      expect(r.status).toBe(0);
      const ours = tree(join(dir, "dist"));
      expect(ours.size).toBeGreaterThan(100);
      expect(ours).toEqual(tree(join(dir, "tsc-dist")));
    },
    60_000,
  );

  it("transpiles again only the files whose text changed", () => {
    const dir = packageCopy("netsvc");
    expect(transpile(dir).status).toBe(0);
    const written = () =>
      new Map([...tree(join(dir, "dist")).keys()].map((p) => [p, statSync(join(dir, "dist", p)).mtimeMs]));
    const before = written();
    appendFileSync(join(dir, "src/resources/port.ts"), "\nexport const added: number = 1;\n");
    expect(transpile(dir).status).toBe(0);
    const after = written();
    const changed = [...after]
      .filter(([p, t]) => before.get(p) !== t)
      .map(([p]) => p)
      .sort();
    expect(changed).toEqual([
      "resources/port.d.ts",
      "resources/port.d.ts.map",
      "resources/port.js",
      "resources/port.js.map",
    ]);
    expect(readFileSync(join(dir, "dist/resources/port.d.ts"), "utf8")).toContain(
      "export declare const added: number;",
    );
  });

  it("reports a file it cannot make declarations of alone as tsc does, and writes nothing", () => {
    const dir = packageCopy("netsvc");
    appendFileSync(join(dir, "src/enums.ts"), "\nexport const inferred = [1, 2].map((n) => n * 2);\n");
    const r = transpile(dir);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/src\/enums\.ts\(\d+,\d+\): error TS9010: Variable must have an explicit type annotation/);
    expect(existsSync(join(dir, "dist"))).toBe(false);
    expect(existsSync(join(dir, "record.json"))).toBe(false);
  });

  it("refuses a package whose files are not all ES modules", () => {
    const dir = packageCopy("netsvc");
    const { type: _type, ...pkg } = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { type: string };
    writeFileSync(join(dir, "package.json"), JSON.stringify(pkg));
    const r = transpile(dir);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('package.json: expected a package.json with "type": "module"');
  });
});
