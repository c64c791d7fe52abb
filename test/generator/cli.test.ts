import { spawn, spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { hostname, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { writeSynthetic } from "../bench/synthetic.mjs";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const CLI = join(ROOT, "build/generator/cli.js");
// A run that does not end is killed, so it fails its test rather than stalling the suite.
const run = (...args: string[]) =>
  spawnSync(process.execPath, [CLI, ...args], { cwd: ROOT, encoding: "utf8", timeout: 60_000, killSignal: "SIGKILL" });

/** Every file under a folder, path to bytes. */
function snapshot(dir: string, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.isDirectory()) for (const [k, v] of snapshot(join(dir, e.name), `${prefix}${e.name}/`)) out.set(k, v);
    else out.set(`${prefix}${e.name}`, readFileSync(join(dir, e.name), "latin1"));
  }
  return out;
}

function fixtureCopy(): { schemas: string; out: string } {
  const dir = mkdtempSync(join(tmpdir(), "sdkgen-cli-"));
  cpSync(join(ROOT, "test/fixtures/kitchen-sink/schemas"), join(dir, "schemas"), { recursive: true });
  return { schemas: join(dir, "schemas"), out: join(dir, "generated") };
}

describe("the generator CLI", () => {
  it("writes a package, then --check finds no drift", () => {
    const { schemas, out } = fixtureCopy();
    expect(run("generate", "--schemas", schemas, "--out", out).status).toBe(0);
    expect(existsSync(join(out, "demo/src/resources/widget.ts"))).toBe(true);
    const check = run("generate", "--check", "--schemas", schemas, "--out", out);
    expect(check.status, check.stderr).toBe(0);
  });

  it("is byte-identical across runs", () => {
    const a = fixtureCopy();
    const b = fixtureCopy();
    run("generate", "--schemas", a.schemas, "--out", a.out);
    run("generate", "--schemas", b.schemas, "--out", b.out);
    expect(snapshot(b.out)).toEqual(snapshot(a.out));
  });

  it("--check reports edited, missing and stale files and writes nothing", () => {
    const { schemas, out } = fixtureCopy();
    run("generate", "--schemas", schemas, "--out", out);
    writeFileSync(join(out, "demo/src/enums.ts"), "// edited by hand\n");
    rmSync(join(out, "demo/src/resources/widget.ts"));
    writeFileSync(join(out, "demo/src/stale.ts"), "export {};\n");
    const before = snapshot(out);
    const check = run("generate", "--check", "--schemas", schemas, "--out", out);
    expect(check.status).toBe(1);
    expect(check.stderr).toContain("added: src/resources/widget.ts");
    expect(check.stderr).toContain("changed: src/enums.ts");
    expect(check.stderr).toContain("removed: src/stale.ts");
    expect(snapshot(out)).toEqual(before);
  });

  it("reports the temporary files an interrupted run left, and the next run removes them", () => {
    const { schemas, out } = fixtureCopy();
    run("generate", "--schemas", schemas, "--out", out);
    // A pid no process has: the run that wrote these was killed before its rename.
    const dead = 2 ** 22 + 17;
    writeFileSync(join(out, `demo/README.md.sdkgen-${dead}.tmp`), "half a README");
    writeFileSync(join(out, `demo/src/enums.ts.sdkgen-${dead}.tmp`), "half a module");
    const check = run("generate", "--check", "--schemas", schemas, "--out", out);
    expect(check.status).toBe(1);
    expect(check.stderr).toContain(`README.md.sdkgen-${dead}.tmp`);
    expect(check.stderr).toContain(`src/enums.ts.sdkgen-${dead}.tmp`);
    run("generate", "--schemas", schemas, "--out", out);
    expect(existsSync(join(out, `demo/README.md.sdkgen-${dead}.tmp`))).toBe(false);
    expect(existsSync(join(out, `demo/src/enums.ts.sdkgen-${dead}.tmp`))).toBe(false);
  });

  it("lets one run at a time write an output folder; a lock its run left behind is taken over", () => {
    const { schemas, out } = fixtureCopy();
    run("generate", "--schemas", schemas, "--out", out);
    // A live run's lock (this test's process stands in for it).
    writeFileSync(join(out, ".sdkgen.lock"), `${process.pid} ${hostname()}\n`);
    const before = snapshot(out);
    const widget = join(schemas, "demo/resources/widget.yaml");
    writeFileSync(widget, readFileSync(widget, "utf8").replace(/^description: .*$/m, "description: Edited."));
    for (const args of [[], ["--check"], ["--watch"]]) {
      const refused = run("generate", ...args, "--schemas", schemas, "--out", out);
      expect(refused.status, args.join(" ")).toBe(2);
      expect(refused.stderr).toContain(`another sdkgen run (pid ${process.pid}) is writing ${out}`);
    }
    expect(snapshot(out)).toEqual(before);
    // A killed run's lock: its pid is gone.
    writeFileSync(join(out, ".sdkgen.lock"), `${2 ** 22 + 17} ${hostname()}\n`);
    const taken = run("generate", "--schemas", schemas, "--out", out);
    expect(taken.status, taken.stderr).toBe(0);
    expect(existsSync(join(out, ".sdkgen.lock"))).toBe(false);
    expect(readFileSync(join(out, "demo/src/resources/widget.ts"), "utf8")).toContain("Edited.");
  });

  it("stopped by SIGINT at any moment, leaves the output folder all old or all new", async () => {
    const { schemas, out } = fixtureCopy();
    run("generate", "--schemas", schemas, "--out", out);
    const old = snapshot(out);
    const widget = join(schemas, "demo/resources/widget.yaml");
    writeFileSync(widget, readFileSync(widget, "utf8").replace(/^description: .*$/m, "description: Edited."));
    const fresh = join(dirname(out), "fresh");
    run("generate", "--schemas", schemas, "--out", fresh);
    const edited = snapshot(fresh);
    const same = (a: Map<string, string>, b: Map<string, string>) =>
      a.size === b.size && [...a].every(([k, v]) => b.get(k) === v);
    for (const delay of [150, 300, 450, 600, 800, 1000, 1300]) {
      rmSync(out, { recursive: true, force: true });
      for (const [path, text] of old) {
        mkdirSync(dirname(join(out, path)), { recursive: true });
        writeFileSync(join(out, path), text, "latin1");
      }
      const child = spawn(process.execPath, [CLI, "generate", "--no-cache", "--schemas", schemas, "--out", out]);
      let stderr = "";
      child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
      setTimeout(() => child.kill("SIGINT"), delay);
      const [code, signal] = await new Promise<[number | null, string | null]>((done) =>
        child.on("exit", (c, sig) => done([c, sig])),
      );
      // What a run killed before its handler was installed staged is removed by the next run.
      const files = new Map([...snapshot(out)].filter(([k]) => !/\.sdkgen-\d+/.test(k)));
      const outcome = `SIGINT after ${delay} ms: exit ${code ?? signal}`;
      expect([0, 130, null], outcome).toContain(code);
      if (code === 130) expect(stderr, outcome).toContain("sdkgen generate: interrupted; nothing was written");
      expect(same(files, old) || same(files, edited), outcome).toBe(true);
      if (code === 130) expect(same(files, old), outcome).toBe(true);
    }
  });

  it("stops a run sent SIGINT while it works, before it writes anything", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sdkgen-cli-"));
    writeSynthetic(join(dir, "schemas"), 600); // a run of a few seconds, most of it without a pause
    const out = join(dir, "generated");
    const child = spawn(process.execPath, [
      CLI,
      "generate",
      "--no-cache",
      "--schemas",
      join(dir, "schemas"),
      "--out",
      out,
    ]);
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    // Sent once the run holds the output folder's lock: its handler is installed then.
    while (!existsSync(join(out, ".sdkgen.lock"))) await new Promise((r) => setTimeout(r, 5));
    child.kill("SIGINT");
    const code = await new Promise<number | null>((done) => child.on("exit", done));
    expect(stderr).toContain("sdkgen generate: interrupted; nothing was written");
    expect(code).toBe(130);
    expect(existsSync(out) ? readdirSync(out) : [], "the output folder, which the run made").toEqual([]);
  });

  // The module is staged by a worker, the page by this thread, each while the other is writing too.
  it.each(["src/resources/widget.ts", "docs/resources/widget.html"])(
    "a file that cannot be written (a folder in its way: %s) is named, and nothing is written nor left staged",
    (blocked) => {
      const { schemas, out } = fixtureCopy();
      run("generate", "--schemas", schemas, "--out", out);
      // A description edited: a module and docs pages change.
      const widget = join(schemas, "demo/resources/widget.yaml");
      writeFileSync(widget, readFileSync(widget, "utf8").replace(/^description: .*$/m, "description: Edited."));
      const target = join(out, "demo", blocked);
      rmSync(target);
      mkdirSync(target);
      writeFileSync(join(target, "in-the-way"), "x");
      const before = snapshot(out);
      const result = run("generate", "--schemas", schemas, "--out", out);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(`sdkgen: could not write ${target}: EISDIR; nothing was written.`);
      expect(snapshot(out)).toEqual(before);
    },
  );

  it("a page that cannot be written, while workers are still staging modules, leaves nothing staged", () => {
    const dir = mkdtempSync(join(tmpdir(), "sdkgen-cli-"));
    const schemas = join(dir, "schemas");
    const out = join(dir, "generated");
    writeSynthetic(schemas, 400);
    run("generate", "--no-cache", "--schemas", schemas, "--out", out);
    // Every module to write again (the workers stage them), and the last page this thread renders in
    // the way: it fails while the workers are still writing.
    rmSync(join(out, "synth/src"), { recursive: true });
    const types = join(out, "synth/docs/types");
    const last = join(types, readdirSync(types).sort().at(-1)!);
    rmSync(last);
    mkdirSync(last);
    const before = snapshot(out);
    const result = run("generate", "--no-cache", "--schemas", schemas, "--out", out);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`could not write ${last}: EISDIR`);
    expect(snapshot(out)).toEqual(before);
  });

  it("a schema problem in one provider leaves another's files, already staged, as they were", () => {
    const dir = mkdtempSync(join(tmpdir(), "sdkgen-cli-"));
    const schemas = join(dir, "schemas");
    const out = join(dir, "generated");
    cpSync(join(ROOT, "schemas"), schemas, { recursive: true });
    cpSync(join(ROOT, "generated"), out, { recursive: true });
    // cloudplat comes first: its changed files are staged before netsvc is read.
    const api = join(schemas, "cloudplat/resources/apiGatewayApi.yaml");
    writeFileSync(api, readFileSync(api, "utf8").replace(/^description: .*$/m, "description: Edited."));
    const ix = join(schemas, "netsvc/resources/ix.yaml");
    writeFileSync(ix, readFileSync(ix, "utf8").replace("mode: required", "mode: requird"));
    const before = snapshot(out);
    const result = run("generate", "--schemas", schemas, "--out", out);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("nothing was written");
    expect(snapshot(out)).toEqual(before);
    writeFileSync(ix, readFileSync(ix, "utf8").replace("mode: requird", "mode: required"));
    expect(run("generate", "--schemas", schemas, "--out", out).stdout).toMatch(
      /cloudplat: \d+ files, [1-9]\d* written/,
    );
  });

  it("regenerating restores edited files, removes stale ones and keeps build output", () => {
    const { schemas, out } = fixtureCopy();
    run("generate", "--schemas", schemas, "--out", out);
    const clean = snapshot(out);
    writeFileSync(join(out, "demo/src/stale.ts"), "export {};\n");
    writeFileSync(join(out, "demo/src/enums.ts"), "// edited\n");
    cpSync(join(out, "demo/src"), join(out, "demo/dist"), { recursive: true });
    run("generate", "--schemas", schemas, "--out", out);
    const after = snapshot(out);
    expect([...after.keys()].filter((k) => !k.startsWith("demo/dist/"))).toEqual([...clean.keys()]);
    expect(after.get("demo/src/enums.ts")).toBe(clean.get("demo/src/enums.ts"));
    expect(after.has("demo/dist/stale.ts")).toBe(true);
  });

  it("on a broken schema prints file:line:col problems, exits 1 and writes nothing", () => {
    const { schemas, out } = fixtureCopy();
    run("generate", "--schemas", schemas, "--out", out);
    const before = snapshot(out);
    const widget = join(schemas, "demo/resources/widget.yaml");
    writeFileSync(
      widget,
      readFileSync(widget, "utf8")
        .replace("mode: required", "mode: requird")
        .replace("token: demo:index/widget:Widget", "token: demo:Widget"),
    );
    const result = run("generate", "--schemas", schemas, "--out", out);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^schemas\/demo\/resources\/widget\.yaml:\d+:\d+: resource token must be/m);
    expect(result.stderr).toMatch(
      /^schemas\/demo\/resources\/widget\.yaml:\d+:\d+: "mode" must be one of .*did you mean "required"/m,
    );
    expect(result.stderr).toContain("nothing was written");
    expect(result.stderr).not.toMatch(/\n\s+at /); // no stack trace
    expect(snapshot(out)).toEqual(before);
  });

  it("--watch regenerates after each save (an editor's rename too), reports problems and goes on, stops on SIGINT", async () => {
    const { schemas, out } = fixtureCopy();
    const watcher = spawn(process.execPath, [CLI, "generate", "--watch", "--schemas", schemas, "--out", out], {
      cwd: ROOT,
    });
    let stdout = "";
    let stderr = "";
    watcher.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    watcher.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    const until = async (what: () => boolean) => {
      for (let waited = 0; !what(); waited += 20) {
        if (waited > 30_000) throw new Error(`timed out; stdout:\n${stdout}\nstderr:\n${stderr}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    await until(() => stdout.includes("watching"));
    const widget = join(schemas, "demo/resources/widget.yaml");
    const original = readFileSync(widget, "utf8");
    const page = join(out, "demo/src/resources/widget.ts");
    // Saved in place, then as editors save: a new file renamed over the old one.
    writeFileSync(widget, original.replace("description: A widget.", "description: A widget, edited."));
    await until(() => readFileSync(page, "utf8").includes("A widget, edited."));
    writeFileSync(`${widget}.tmp`, original.replace("description: A widget.", "description: A widget, renamed."));
    renameSync(`${widget}.tmp`, widget);
    await until(() => readFileSync(page, "utf8").includes("A widget, renamed."));
    writeFileSync(widget, original.replace("mode: required", "mode: requird"));
    await until(() => stderr.includes("Watching for the next change"));
    expect(stderr).toMatch(/^schemas\/demo\/resources\/widget\.yaml:\d+:\d+: "mode" must be one of/m);
    expect(readFileSync(page, "utf8")).toContain("A widget, renamed."); // nothing written
    writeFileSync(widget, original);
    await until(() => !readFileSync(page, "utf8").includes("A widget, renamed."));
    const exit = new Promise<number | null>((resolve) => watcher.on("exit", resolve));
    watcher.kill("SIGINT");
    expect(await exit).toBe(0);
    expect(stdout).toMatch(/demo: \d+ written or removed \(\d+ ms\)/);
    // What the watch left is what a fresh run writes.
    const fresh = join(dirname(schemas), "fresh");
    run("generate", "--schemas", schemas, "--out", fresh, "--no-cache");
    expect(snapshot(out)).toEqual(snapshot(fresh));
    expect(run("generate", "--watch", "--check", "--schemas", schemas).stderr).toContain(
      "cannot be combined with --check",
    );
  });

  it("validate finds what generate would refuse: a generated name taken twice", () => {
    const { schemas } = fixtureCopy();
    const file = readdirSync(join(schemas, "demo/resources")).find((f) => f.endsWith(".yaml"))!;
    const path = join(schemas, "demo/resources", file);
    const name = /^name: (\w+)/m.exec(readFileSync(path, "utf8"))![1]!;
    // A shared type named as the resource's Args type.
    writeFileSync(
      join(schemas, `demo/types/${name[0]!.toLowerCase()}${name.slice(1)}Args.yaml`),
      `version: 1\nkind: object\nname: ${name}Args\ndescription: Clash.\nfields:\n  x: { type: string, mode: optional, description: X. }\n`,
    );
    const r = run("validate", "--schemas", schemas);
    expect(r.status, r.stdout + r.stderr).toBe(1);
    expect(r.stderr).toMatch(new RegExp(`generated name ${name}Args .* is already taken`));
  });

  it("a file where a package's folder goes is named, and nothing is written or left", () => {
    const { schemas, out } = fixtureCopy();
    mkdirSync(out);
    writeFileSync(join(out, "demo"), "not a folder\n");
    const r = run("generate", "--schemas", schemas, "--out", out);
    expect([r.status, r.stderr.trim()]).toEqual([
      1,
      `sdkgen: could not write ${join(out, "demo")}: it is a file, where the package's folder goes; nothing was written.`,
    ]);
    expect(readdirSync(out)).toEqual(["demo"]);
  });

  it("refuses an --out inside the schema folder, and writes nothing", () => {
    const { schemas } = fixtureCopy();
    const before = snapshot(schemas);
    for (const out of [schemas, join(schemas, "demo/generated")]) {
      const r = run("generate", "--schemas", schemas, "--out", out);
      expect([r.status, r.stderr.trim()]).toEqual([
        2,
        `sdkgen generate: --out ${out} is inside the schema folder ${schemas}: write the packages elsewhere`,
      ]);
    }
    expect(snapshot(schemas)).toEqual(before);
  });

  it("refuses a --cache that is not a folder, and writes nothing", () => {
    const { schemas, out } = fixtureCopy();
    const file = join(dirname(schemas), "a-file");
    writeFileSync(file, "not a folder\n");
    const r = run("generate", "--schemas", schemas, "--out", out, "--cache", file);
    expect([r.status, r.stderr.trim()]).toEqual([2, `sdkgen generate: cache folder ${file} is not a folder`]);
    expect(existsSync(out)).toBe(false);
  });

  it("a cache that cannot be saved costs a warning: the files are written, the status is 0, the run ends", () => {
    const { schemas, out } = fixtureCopy();
    const file = join(dirname(schemas), "a-file");
    writeFileSync(file, "not a folder\n");
    const cache = join(file, "cache"); // under a file: no folder can be made there
    const r = run("generate", "--schemas", schemas, "--out", out, "--cache", cache);
    expect(r.signal).toBeNull();
    expect(r.status).toBe(0);
    expect(r.stderr).toMatch(new RegExp(`^sdkgen: the cache could not be saved in ${cache} \\(ENOTDIR\\)`));
    expect(r.stdout).toContain("demo: ");
    expect(run("generate", "--check", "--schemas", schemas, "--out", out, "--no-cache").status).toBe(0);
  });

  it("--check leaves the cache vouching for every generated file, so the next run renders nothing again", () => {
    const { schemas, out } = fixtureCopy();
    const cache = join(dirname(schemas), "cache");
    expect(run("generate", "--schemas", schemas, "--out", out, "--cache", cache).status).toBe(0);
    expect(run("generate", "--check", "--schemas", schemas, "--out", out, "--cache", cache).status).toBe(0);
    const explained = run("generate", "--explain", "--schemas", schemas, "--out", out, "--cache", cache);
    expect(explained.stdout).toMatch(/^incremental run: the cache in .*; (\d+) of \1 generated files reused\n/);
    expect(explained.stdout).not.toContain("rendered");
  });

  it("--explain says why a run was full, and what an incremental one did afresh", () => {
    const { schemas, out } = fixtureCopy();
    const cache = join(dirname(schemas), "cache");
    const first = run("generate", "--explain", "--schemas", schemas, "--out", out, "--cache", cache);
    expect(first.stdout).toMatch(/^full run: no cache yet in .*cache; nothing was reused\n/);
    expect(first.stdout).toMatch(/ rendered because no earlier run wrote it: /);
    const widget = join(schemas, "demo/resources/widget.yaml");
    writeFileSync(widget, readFileSync(widget, "utf8").replace("description: ", "description: Edited. "));
    const second = run("generate", "--explain", "--schemas", schemas, "--out", out, "--cache", cache);
    expect(second.stdout).toMatch(/^incremental run: /);
    expect(second.stdout).toContain("  schema files parsed: 1\n");
    expect(second.stdout).toMatch(/demo: \d+ rendered because its input changed: .*src\/resources\/widget\.ts/);
    const uncached = run("generate", "--explain", "--no-cache", "--schemas", schemas, "--out", out);
    expect(uncached.stdout).toMatch(/^full run: no cache \(--no-cache\); nothing was reused\n/);
  });

  it("a warm, cached regeneration after an edit equals a fresh one without the cache", () => {
    const { schemas, out } = fixtureCopy();
    const cache = join(dirname(schemas), "cache");
    run("generate", "--schemas", schemas, "--out", out, "--cache", cache);
    const widget = join(schemas, "demo/resources/widget.yaml");
    writeFileSync(
      widget,
      readFileSync(widget, "utf8")
        .replace("description: A widget.", "description: A widget, edited.")
        .replace("description: MAC address.", "description: Its MAC address."),
    );
    const warm = run("generate", "--schemas", schemas, "--out", out, "--cache", cache);
    expect(warm.status, warm.stderr).toBe(0);
    // The widget's module and README, and its docs page and the index that summarises it.
    expect(warm.stdout).toContain("demo: 32 files, 4 written or removed");
    const fresh = join(dirname(schemas), "fresh");
    run("generate", "--schemas", schemas, "--out", fresh, "--no-cache");
    expect(snapshot(out)).toEqual(snapshot(fresh));

    // A shared type's field: every page that shows or links it follows (docs pages are keyed by their view).
    const engine = join(schemas, "demo/types/alphaEngine.yaml");
    writeFileSync(
      engine,
      readFileSync(engine, "utf8").replace("description: Engine size.", "description: Engine class."),
    );
    expect(run("generate", "--schemas", schemas, "--out", out, "--cache", cache).status).toBe(0);
    rmSync(fresh, { recursive: true });
    run("generate", "--schemas", schemas, "--out", fresh, "--no-cache");
    expect(snapshot(out)).toEqual(snapshot(fresh));
  });

  it("an edit that keeps a file's size and mtime is still seen: the cache is keyed by content", () => {
    const { schemas, out } = fixtureCopy();
    const cache = join(dirname(schemas), "cache");
    const generate = (...more: string[]) =>
      run("generate", "--schemas", schemas, "--out", out, "--cache", cache, ...more);
    // Whole seconds, which every file system keeps exactly: the edits below leave the stat as it was.
    const pin = (file: string) => utimesSync(file, 1_700_000_000, 1_700_000_000);
    const sameSizeEdit = (file: string, from: string, to: string) => {
      expect(to.length).toBe(from.length);
      writeFileSync(file, readFileSync(file, "utf8").replace(from, to));
      pin(file);
    };
    const schema = join(schemas, "demo/resources/widget.yaml");
    const output = join(out, "demo/src/resources/widget.ts");
    pin(schema);
    generate();
    // A schema edit: the output must follow.
    sameSizeEdit(schema, "description: A widget.", "description: A gadget.");
    expect(generate("--check").status).toBe(1);
    generate();
    expect(readFileSync(output, "utf8")).toContain("A gadget.");
    // A hand edit of a generated file: --check must find the drift.
    pin(output);
    generate();
    sameSizeEdit(output, "A gadget.", "A gidget.");
    expect(generate("--check").status).toBe(1);
  });

  it("the committed generated/ matches the schemas", () => {
    const check = run("generate", "--check");
    expect(check.status, check.stderr).toBe(0);
  });
});

/** A user error: exit 2, one explanation on stderr, nothing on stdout, no stack trace. */
function expectUsageError(result: ReturnType<typeof run>, message: string) {
  expect(result.status, result.stderr).toBe(2);
  expect(result.stderr).toContain(message);
  expect(result.stderr).not.toContain("internal generator error");
  expect(result.stderr).not.toMatch(/\n\s+at /);
  expect(result.stdout).toBe("");
}

describe("the generator CLI's options", () => {
  it("refuses an unknown option with a suggestion, and writes nothing", () => {
    const { schemas, out } = fixtureCopy();
    expectUsageError(
      run("generate", "--chek", "--schemas", schemas, "--out", out),
      'sdkgen generate: unknown option --chek (did you mean "--check"?)',
    );
    expect(existsSync(out)).toBe(false);
    expectUsageError(run("validate", "--out", out), "sdkgen validate: unknown option --out");
    expectUsageError(run("validate", "--toString"), "sdkgen validate: unknown option --toString"); // not Object's
  });

  it("takes --option=value as well as --option value", () => {
    const { schemas, out } = fixtureCopy();
    const r = run("generate", `--schemas=${schemas}`, `--out=${out}`);
    expect(r.status, r.stderr).toBe(0);
    expect(existsSync(join(out, "demo/src/resources/widget.ts"))).toBe(true);
  });

  it("refuses an option without its value, a value given to a flag, and stray arguments", () => {
    expectUsageError(run("validate", "--schemas"), "sdkgen validate: --schemas needs a value");
    expectUsageError(run("generate", "--schemas", "--check"), "sdkgen generate: --schemas needs a value");
    expectUsageError(run("generate", "--schemas="), "sdkgen generate: --schemas needs a value");
    expectUsageError(run("generate", "--check=yes"), 'sdkgen generate: --check takes no value (got "yes")');
    expectUsageError(run("validate", "schemas"), 'sdkgen validate: unexpected argument "schemas"');
  });

  it("refuses a schema folder that holds no provider instead of validating nothing", () => {
    const empty = mkdtempSync(join(tmpdir(), "sdkgen-empty-"));
    expectUsageError(run("validate", "--schemas", empty), `schema folder ${empty} holds no provider`);
    rmSync(empty, { recursive: true });
  });

  it("names a schema or output folder that does not exist", () => {
    const { schemas, out } = fixtureCopy();
    const missing = join(dirname(schemas), "no-such-schemas");
    expectUsageError(run("validate", "--schemas", missing), `schema folder ${missing} does not exist`);
    expectUsageError(run("generate", "--schemas", missing, "--out", out), `schema folder ${missing} does not exist`);
    expectUsageError(run("generate", "--schemas", join(schemas, "demo/provider.yaml")), "is not a folder");
    expectUsageError(
      run("generate", "--check", "--schemas", schemas, "--out", out),
      `output folder ${out} does not exist: nothing to check`,
    );
  });

  it("refuses an unknown command with a suggestion", () => {
    expectUsageError(run("genrate"), 'sdkgen: unknown command "genrate" (did you mean "generate"?)');
    expectUsageError(run("--verison"), 'sdkgen: unknown option --verison (did you mean "--version"?)');
  });

  it("prints help for the tool and for each command, exit 0", () => {
    const top = run("--help");
    expect(top.status).toBe(0);
    expect(top.stdout).toMatch(/^usage: sdkgen <command> \[options\]/);
    for (const command of ["validate", "generate", "diff"])
      expect(top.stdout).toMatch(new RegExp(`^  ${command} `, "m"));
    const generate = run("generate", "--help");
    expect(generate.status).toBe(0);
    expect(generate.stdout).toMatch(/^usage: sdkgen generate \[options\]/);
    expect(generate.stdout).toMatch(/^  --check +\S/m);
    expect(generate.stdout).toMatch(/^  --out DIR +\S/m);
    expect(run("diff", "-h").stdout).toMatch(/^  --fail-on LEVEL +\S/m);
  });

  it("prints the generator's version", () => {
    const { version } = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string };
    const r = run("--version");
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(`${version}\n`);
  });
});
