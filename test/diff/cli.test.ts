import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { MARKER } from "../../generator/diff/render/markdown.js";
import { BASE, editedCopy, ROOT } from "./harness.js";

const CLI = join(ROOT, "build/generator/cli.js");
const diff = (args: string[], cwd = ROOT) =>
  spawnSync(process.execPath, [CLI, "diff", ...args], { cwd, encoding: "utf8" });

const temps: string[] = [];
const temp = () => {
  const dir = mkdtempSync(join(tmpdir(), "sdkgen-diff-cli-"));
  temps.push(dir);
  return dir;
};
const infoOnly = editedCopy([
  { file: "resources/widget.yaml", replace: "enum: [1000, 10000]", with: "enum: [1000, 10000, 100000]" },
]);
const warning = editedCopy([{ file: "resources/widget.yaml", replace: "default: false", with: "default: true" }]);
const breaking = editedCopy([{ file: "resources/gadget.yaml", delete: true }]);
const bumped = editedCopy([
  { file: "resources/gadget.yaml", delete: true },
  { file: "provider.yaml", replace: "version: 1.0.0", with: "version: 2.0.0" },
]);
const patched = editedCopy([
  { file: "resources/widget.yaml", replace: "enum: [1000, 10000]", with: "enum: [1000, 10000, 100000]" },
  { file: "provider.yaml", replace: "version: 1.0.0", with: "version: 1.0.1" },
]);
// A rule's problem (not the meta-schema's) in a file the new side changed: its checks are scoped to
// the files that differ from the old side's (validate/scope.ts), and must find it as `validate` does.
const ruleBroken = editedCopy([
  {
    file: "resources/widget.yaml",
    replace: "note: { type: string, mode: optional,",
    with: "note: { type: string, mode: optional, requiredWhen: { field: nosuch, equals: x },",
  },
]);
const badYaml = editedCopy([{ file: "resources/gadget.yaml", replace: "fields:", with: "fields: {" }]);
const broken = editedCopy([
  { file: "resources/widget.yaml", replace: "mode: required, minLength", with: "mode: requird, minLength" },
]);
afterAll(() => {
  for (const c of [infoOnly, warning, breaking, bumped, patched, broken, ruleBroken, badYaml]) c.cleanup();
  for (const d of temps) rmSync(d, { recursive: true, force: true });
});

describe("sdkgen diff on two folders", () => {
  it("prints the Markdown report and exits 0 by default, even with breaking changes", () => {
    const r = diff(["--old", BASE, "--new", breaking.schemas]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.split("\n")[0]).toBe(MARKER);
    expect(r.stdout).toContain("**1 breaking, 0 warnings, 0 info**");
    expect(r.stdout).toContain("resource removed");
    // The generated-code impact, printed on the worker thread.
    expect(r.stdout).toContain("- Files removed (1): `src/resources/gadget.ts`");
    expect(r.stdout).toMatch(/- Exports removed \(\d+\): .*`GadgetArgs`/);
  });

  it("--json prints the documented shape", () => {
    const r = diff(["--old", BASE, "--new", warning.schemas, "--json"]);
    const doc = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(Object.keys(doc)).toEqual(["version", "base", "head", "summary", "versions", "changes", "impact", "usedBy"]);
    expect(doc.summary).toEqual({ breaking: 0, warning: 1, info: 0 });
    expect(doc.versions).toEqual({
      shop: {
        base: "1.0.0",
        head: "1.0.0",
        bump: "minor",
        reason: "changes in behaviour",
        required: "1.1.0",
        satisfied: false,
      },
    });
    expect(doc.changes).toEqual([
      expect.objectContaining({ path: "Widget.single", change: "default-changed", before: false, after: true }),
    ]);
  });

  it("--summary prints one line", () => {
    const r = diff(["--old", BASE, "--new", infoOnly.schemas, "--summary"]);
    expect(r.stdout.trimEnd().split("\n")).toEqual([
      expect.stringMatching(
        /^schema changes: 0 breaking, 0 warnings, 1 info; generated code: .*; versions: shop 1\.0\.0 needs 1\.1\.0 \(minor: new features\): too low$/,
      ),
    ]);
  });

  it("prints the version each package needs in the Markdown report", () => {
    const r = diff(["--old", BASE, "--new", breaking.schemas]);
    expect(r.stdout).toContain("| shop | 1.0.0 | 2.0.0 (major: breaking changes) | 1.0.0 🔴 too low |");
  });

  it("--fail-on version exits 1 when a package's version is below the one its changes require", () => {
    const failOnVersion = (dir: string) => diff(["--old", BASE, "--new", dir, "--summary", "--fail-on", "version"]);
    const low = failOnVersion(breaking.schemas);
    expect(low.status).toBe(1);
    expect(low.stderr).toBe(
      "sdkgen diff: shop: version 1.0.0 is too low for these changes: semantic versioning requires at least 2.0.0 (major: breaking changes); set package.version in shop/provider.yaml\n",
    );
    expect(failOnVersion(bumped.schemas).status).toBe(0);
    expect(failOnVersion(patched.schemas).stderr).toContain("requires at least 1.1.0 (minor: new features)");
    expect(failOnVersion(BASE).status).toBe(0);
    // Both conditions at once: the version is enough, the breaking change still fails the run.
    expect(diff(["--old", BASE, "--new", bumped.schemas, "--fail-on", "version", "--fail-on", "breaking"]).status).toBe(
      1,
    );
  });

  it("--fail-on exits 1 only when changes that severe exist", () => {
    const status = (dir: string, level: string) =>
      diff(["--old", BASE, "--new", dir, "--summary", "--fail-on", level]).status;
    expect(status(breaking.schemas, "breaking")).toBe(1);
    expect(status(warning.schemas, "breaking")).toBe(0);
    expect(status(warning.schemas, "warning")).toBe(1);
    expect(status(breaking.schemas, "warning")).toBe(1);
    expect(status(infoOnly.schemas, "warning")).toBe(0);
  });

  it("on schema problems prints them as file:line:col under their side and exits 2, without a stack trace", () => {
    const r = diff(["--old", BASE, "--new", broken.schemas]);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain(`${broken.schemas} has schema problems:`);
    expect(r.stderr).toMatch(/schemas\/shop\/resources\/widget\.yaml:\d+:\d+: .*requird/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    const yaml = diff(["--old", badYaml.schemas, "--new", BASE]);
    expect(yaml.status).toBe(2);
    expect(yaml.stderr).toMatch(/schemas\/shop\/resources\/gadget\.yaml:\d+:\d+: YAML: /);
  });

  it("reports a rule's problem in a file only the new side changed, as validate does", () => {
    const r = diff(["--old", BASE, "--new", ruleBroken.schemas]);
    expect(r.status).toBe(2);
    const problem = /widget\.yaml:(\d+:\d+): (requiredWhen names unknown field "nosuch".*)/;
    const found = problem.exec(r.stderr);
    expect(found, r.stderr).not.toBeNull();
    const alone = spawnSync(process.execPath, [CLI, "validate", "--schemas", ruleBroken.schemas], { encoding: "utf8" });
    expect(problem.exec(alone.stderr + alone.stdout)?.slice(1)).toEqual(found!.slice(1));
  });

  it("rejects bad options and missing folders with one line, exit 2", () => {
    expect(diff(["--fail-on", "loud"]).stderr).toBe(
      'sdkgen diff: --fail-on takes breaking, warning or version (got "loud")\n',
    );
    expect(diff(["--fail-on=brekaing"]).stderr).toContain('(did you mean "breaking"?)');
    expect(diff(["--base", "main", "--old", BASE]).status).toBe(2);
    expect(diff(["--bogus"]).stderr).toBe("sdkgen diff: unknown option --bogus\n");
    expect(diff(["--jsno"]).stderr).toBe('sdkgen diff: unknown option --jsno (did you mean "--json"?)\n');
    const noValue = diff(["--old", BASE, "--new"]);
    expect(noValue.status).toBe(2);
    expect(noValue.stderr).toContain("sdkgen diff: --new needs a value");
    for (const side of ["--old", "--new"]) {
      const folder = join(ROOT, "no-such-folder");
      const missing = diff(side === "--old" ? [side, folder, "--new", BASE] : ["--old", BASE, side, folder]);
      expect(missing.status).toBe(2);
      expect(missing.stderr).toBe(`sdkgen diff: schema folder ${folder} does not exist\n`);
    }
    const schemas = diff(["--schemas", join(ROOT, "no-such-folder")]);
    expect(schemas.stderr).toContain(`schema folder ${join(ROOT, "no-such-folder")} does not exist`);
  });

  it("takes --option=value as well as --option value", () => {
    const r = diff([`--old=${BASE}`, `--new=${breaking.schemas}`, "--summary", "--fail-on=breaking"]);
    expect(r.status, r.stderr).toBe(1);
    expect(r.stdout).toContain("1 breaking");
  });
});

describe("sdkgen diff on git refs", () => {
  const repo = temp();
  const git = (...args: string[]) => {
    const r = spawnSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", ...args], {
      cwd: repo,
      encoding: "utf8",
    });
    if (r.status !== 0) throw new Error(`git ${args.join(" ")}: ${r.stderr}`);
    return r.stdout.trim();
  };
  // main: a README, then the schemas; a branch changes a default in a commit and a bound in the work tree.
  git("init", "-q", "-b", "main");
  writeFileSync(join(repo, "README.md"), "test repository\n");
  git("add", "README.md");
  git("commit", "-q", "-m", "start");
  cpSync(BASE, join(repo, "schemas"), { recursive: true });
  git("add", "schemas");
  git("commit", "-q", "-m", "schemas");
  git("checkout", "-q", "-b", "feature");
  const widget = join(repo, "schemas/shop/resources/widget.yaml");
  writeFileSync(widget, readFileSync(widget, "utf8").replace("default: false", "default: true"));
  git("commit", "-q", "-am", "default");
  // main moves on after the branch: its own change must not show in the branch's review.
  git("checkout", "-q", "main");
  git("rm", "-q", "schemas/shop/resources/gadget.yaml");
  git("commit", "-q", "-m", "main moves on");
  git("checkout", "-q", "feature");
  writeFileSync(widget, readFileSync(widget, "utf8").replace("maxItems: 5", "maxItems: 3"));

  const paths = (args: string[]) => {
    const r = diff([...args, "--json"], repo);
    expect(r.status, r.stderr).toBe(0);
    return (JSON.parse(r.stdout) as { changes: { path: string }[] }).changes.map((c) => c.path);
  };

  it("compares the merge base with main against the working tree by default", () => {
    expect(paths([])).toEqual(["Widget.tags", "Widget.single"]);
    expect(diff(["--summary"], repo).stdout).toContain("1 breaking, 1 warning, 0 info");
  });

  it("compares two refs, ignoring the working tree", () => {
    expect(paths(["--base", "main~1", "--head", "HEAD"])).toEqual(["Widget.single"]);
    expect(paths(["--base", "feature", "--head", "main"])).toEqual(["Gadget", "Widget.single"]);
  });

  it("names each side in the report", () => {
    const md = diff(["--base", "main~1"], repo).stdout;
    expect(md).toMatch(/base `main~1 \([0-9a-f]{10}\)` → head `working tree`/);
  });

  it("treats a ref without a schema folder as having no packages", () => {
    const r = diff(["--base", "main~2", "--summary"], repo);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain("0 breaking, 0 warnings, 1 info");
  });

  it("explains an unknown ref and a folder outside git, exit 2", () => {
    const unknown = diff(["--base", "no-such-branch"], repo);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('unknown git ref "no-such-branch"');
    const outside = temp();
    mkdirSync(join(outside, "schemas"));
    const r = diff([], outside);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("is not inside a git repository");
  });
});

describe("sdkgen diff's default base", () => {
  // A clone whose local main is stale: origin/main has moved on, and the branch was made from it.
  const repo = temp();
  const git = (...args: string[]) => {
    const r = spawnSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", ...args], {
      cwd: repo,
      encoding: "utf8",
    });
    if (r.status !== 0) throw new Error(`git ${args.join(" ")}: ${r.stderr}`);
    return r.stdout.trim();
  };
  git("init", "-q", "-b", "main");
  cpSync(BASE, join(repo, "schemas"), { recursive: true });
  git("add", "schemas");
  git("commit", "-q", "-m", "schemas");
  git("checkout", "-q", "-b", "upstream");
  git("rm", "-q", "schemas/shop/resources/gadget.yaml");
  git("commit", "-q", "-m", "upstream moves on");
  git("update-ref", "refs/remotes/origin/main", "HEAD");
  git("checkout", "-q", "-b", "feature", "origin/main");
  git("branch", "-q", "-D", "upstream");
  const widget = join(repo, "schemas/shop/resources/widget.yaml");
  writeFileSync(widget, readFileSync(widget, "utf8").replace("default: false", "default: true"));

  it("is the merge base with origin/main when it exists, not a stale local main", () => {
    const r = diff(["--json"], repo);
    expect(r.status, r.stderr).toBe(0);
    const doc = JSON.parse(r.stdout) as { base: string; changes: { path: string }[] };
    expect(doc.base).toMatch(/^merge base with origin\/main \([0-9a-f]{10}\)$/);
    expect(doc.changes.map((c) => c.path)).toEqual(["Widget.single"]);
  });
});
