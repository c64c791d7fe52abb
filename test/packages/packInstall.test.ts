// The packages as a downstream program gets them: `npm pack` of the runtime and both SDKs, installed
// from the tarballs into a project outside this repository (no registry needed), then every kind of
// consumer type-checked without @types/node and run against both emulators.
import { execFile } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve, sep } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validateApiGatewayServiceArgs } from "cloudplat";
import { startCloudplatEmulator, type CloudplatEmulator } from "../emulators/cloudplat/index.js";
import { keyedProvider, seedTemplate } from "../e2e/cloudplatKit.js";
import { startNetsvcEmulator, type NetsvcEmulator } from "../emulators/netsvc/index.js";

const run = promisify(execFile);
const repo = resolve(import.meta.dirname, "../..");
const consumers = join(import.meta.dirname, "consumers");
const tsc = join(repo, "node_modules/typescript/bin/tsc");
const PACKAGES = { "@sdkgen/runtime": "runtime", netsvc: "generated/netsvc", cloudplat: "generated/cloudplat" };

interface Packed {
  filename: string;
  files: { path: string }[];
}

let project: string;
let emu: NetsvcEmulator;
let cloud: CloudplatEmulator;
const packed = new Map<string, string[]>();

beforeAll(async () => {
  project = mkdtempSync(join(tmpdir(), "sdkgen-consumers-"));
  const tarballs = join(project, "tarballs");
  mkdirSync(tarballs);
  for (const [name, dir] of Object.entries(PACKAGES)) {
    // prepack builds (a no-op here: `make test` built everything), so packing never yields an empty package.
    const { stdout } = await run("npm", ["pack", "--json", "--pack-destination", tarballs], { cwd: join(repo, dir) });
    const [info] = JSON.parse(stdout) as Packed[];
    packed.set(
      name,
      info!.files.map((f) => f.path),
    );
  }
  const app = join(project, "app");
  mkdirSync(app);
  writeFileSync(join(app, "package.json"), JSON.stringify({ name: "consumer", private: true }));
  const files = readdirSync(tarballs).map((f) => join(tarballs, f));
  await run("npm", ["install", "--no-audit", "--no-fund", "--offline", ...files], { cwd: app });
  cpSync(join(import.meta.dirname, "runners"), join(app, "runners"), { recursive: true });
  for (const kind of readdirSync(consumers, { withFileTypes: true }).filter((e) => e.isDirectory())) {
    cpSync(join(consumers, kind.name), join(app, kind.name), { recursive: true });
    cpSync(join(consumers, "report.ts"), join(app, kind.name, "report.ts"));
  }
  emu = await startNetsvcEmulator({ clock: { speed: 1000 } });
  cloud = await startCloudplatEmulator();
  await seedTemplate(cloud, keyedProvider(cloud));
});

afterAll(async () => {
  await emu?.stop();
  await cloud?.stop();
  if (project) rmSync(project, { recursive: true, force: true });
});

/** The environment of a consumer program: the providers configured by variables alone, at the emulators. */
function programEnv(): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    NETSVC_ENDPOINT: emu.url,
    NETSVC_ACCESS_KEY: emu.credentials.accessKey,
    NETSVC_SECRET_KEY: emu.credentials.secretKey,
    NETSVC_ACCEPT_PURCHASE_TERMS: "true",
    CLOUDPLAT_ENDPOINT: cloud.url,
    CLOUDPLAT_SECRET_ID: cloud.credentials.secretId,
    CLOUDPLAT_SECRET_KEY: cloud.credentials.secretKey,
  };
}

/** Runs a consumer program with the provider configured by environment variables alone. */
async function runProgram(kind: string, file: string): Promise<unknown> {
  const env = programEnv();
  const { stdout, stderr } = await run(process.execPath, [file], { cwd: join(project, "app", kind), env });
  expect(stderr, "no warnings (require(esm) from node_modules is silent)").toBe("");
  return JSON.parse(stdout);
}

async function typecheckAndRun(kind: string): Promise<unknown> {
  const dir = join(project, "app", kind);
  const compiled = await run(process.execPath, [tsc, "-p", dir]).catch((e: { stdout: string }) => e);
  expect(compiled.stdout, `tsc -p ${kind}`).toBe("");
  return runProgram(kind, "out/main.js");
}

const common = {
  mveSizes: true,
  templates: 1,
  rejected: "ValidationError",
  cloudplatIssues: validateApiGatewayServiceArgs({ protocol: "ftp" }).length,
  secret: "[secret]",
};

describe("the packed packages installed outside the repository", () => {
  it("hold built ESM, CommonJS entries, declarations with maps, README, LICENSE and no build leftovers", () => {
    for (const [name, files] of packed) {
      for (const want of ["package.json", "README.md", "LICENSE", "dist/index.js", "dist/index.js.map"])
        expect(files, `${name}: ${want}`).toContain(want);
      for (const want of ["dist/index.d.ts", "dist/index.d.ts.map", "dist/cjs/index.js", "dist/cjs/index.d.ts"])
        expect(files, `${name}: ${want}`).toContain(want);
      expect(
        files.filter((f) => /tsbuildinfo|\.test\.|tsconfig|^test\//.test(f)),
        name,
      ).toEqual([]);
    }
    // The state format the stack's declarations point to ships with the runtime (issue 39, 14).
    expect(packed.get("@sdkgen/runtime"), "@sdkgen/runtime: STATE.md").toContain("STATE.md");
    expect(common.cloudplatIssues).toBeGreaterThan(0);
  });

  it("TypeScript, strict, NodeNext: root, subpath and package.json imports", async () => {
    expect(await typecheckAndRun("nodenext")).toEqual({
      ...common,
      subpaths: "uid",
      version: "0.4.0",
      stack: "create create",
    });
  });

  it("TypeScript with moduleResolution bundler", async () => {
    expect(await typecheckAndRun("bundler")).toEqual({ ...common, subpaths: true });
  });

  it("TypeScript compiled to CommonJS with module node16, one class for import and require", async () => {
    expect(await typecheckAndRun("node16-cjs")).toEqual({
      ...common,
      subpaths: true,
      oneClassForImportAndRequire: true,
    });
  });

  it("TypeScript with moduleResolution node10, compiled to CommonJS, root and subpath imports", async () => {
    expect(await typecheckAndRun("node10-cjs")).toEqual({ ...common, subpaths: true });
  });

  it("an uncaught runtime error names the runtime's own sources under --enable-source-maps, as the READMEs say", async () => {
    const app = join(project, "app");
    writeFileSync(join(app, "uncaught.mjs"), 'import { Port } from "netsvc";\nawait Port.get("a/b");\n');
    const uncaught = (env: NodeJS.ProcessEnv) =>
      run(process.execPath, ["uncaught.mjs"], { cwd: app, env: { PATH: process.env.PATH, ...env } }).then(
        () => expect.fail("the program should have thrown"),
        (e: { stderr: string }) => e.stderr,
      );
    // Node ignores the maps unless asked: the frames are the bundle's chunks.
    expect(await uncaught({})).toMatch(/@sdkgen\/runtime\/dist\/chunks\/chunk-\w+\.js:\d+/);
    const mapped = await uncaught({ NODE_OPTIONS: "--enable-source-maps" });
    const frames = [...mapped.matchAll(/\((\/[^():]+\.ts):\d+:\d+\)/g)].map((m) => m[1]!);
    const runtimeSrc = join(realpathSync(join(app, "node_modules/@sdkgen/runtime")), "src");
    const inRuntime = frames.filter((f) => f.startsWith(runtimeSrc + sep));
    expect(inRuntime.map((f) => relative(runtimeSrc, f))).toContain(join("lifecycle", "resource.ts"));
    for (const file of inRuntime) expect(existsSync(file), `${file} ships in the package`).toBe(true);
    expect(mapped).not.toContain("dist/chunks/");
    for (const readme of ["@sdkgen/runtime", "netsvc", "cloudplat"])
      expect(readFileSync(join(app, "node_modules", readme, "README.md"), "utf8"), readme).toContain(
        "NODE_OPTIONS=--enable-source-maps",
      );
  });

  it("plain JavaScript: ES modules and require()", async () => {
    const plain = { mveSizes: true, secret: "[secret]", version: "0.4.0" };
    expect(await runProgram("js-esm", "main.mjs")).toEqual({ ...plain, error: true });
    expect(await runProgram("js-cjs", "main.cjs")).toEqual({ ...plain, oneClass: true });
  });
});

/**
 * Issue 39, finding 1: the same stack program under every runner a user reaches for, from a folder
 * other than its project's (its state is the project's, not the shell's), with one copy of the runtime.
 */
describe("a stack program under every runner: preview, up, up again, destroy", () => {
  const bin = (name: string) => join(repo, "node_modules/.bin", name);
  const runners = () => join(project, "app", "runners");
  /** A command's exit code and output (a failing command resolves too). */
  const exec = (file: string, args: string[], env: NodeJS.ProcessEnv = {}) =>
    run(file, args, { cwd: join(project, "tarballs"), env: { ...programEnv(), ...env } }).then(
      (r) => ({ code: 0, out: r.stdout, err: r.stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout, err: e.stderr }),
    );
  /**
   * The four commands through `command ...prefix <verb> [--yes]`: their exit codes, and each one's
   * output on a surprise. The state is in the program's project (`project`, under runners/).
   */
  async function lifecycle(stack: string, command: string, prefix: string[], project = runners()) {
    const codes: number[] = [];
    for (const argv of [["preview"], ["up", "--yes"], ["up", "--yes"], ["destroy", "--yes"]]) {
      const r = await exec(command, [...prefix, ...argv], { STACK: stack });
      codes.push(r.code);
      if (r.code !== [2, 0, 0, 0][codes.length - 1]) return { codes, out: r.out, err: r.err };
      if (argv[0] === "preview")
        expect(r.out.split("\n")[0]).toBe(
          `stack ${stack} · state: file ${join(project, ".sdkgen", "stacks", `${stack}.json`)}`,
        );
    }
    return { codes };
  }

  // [what, stack name, the program's project under runners/, the command before the program's arguments]
  it.each([
    ["node, ES modules", "node-esm", ".", (at: string) => [process.execPath, join(at, "infra.mjs")]],
    ["node, CommonJS", "node-cjs", ".", (at: string) => [process.execPath, join(at, "infra.cjs")]],
    ["tsx, TypeScript as ES modules", "tsx-esm", ".", (at: string) => [bin("tsx"), join(at, "infra.ts")]],
    ["tsx, TypeScript as CommonJS", "tsx-cjs", "cjs", (at: string) => [bin("tsx"), join(at, "infra.ts")]],
    // Transpile only: the scratch project has no @types/node (the consumers above type-check without it).
    [
      "ts-node, TypeScript as CommonJS",
      "ts-node",
      "cjs",
      (at: string) => [bin("ts-node"), "--transpile-only", join(at, "infra.ts")],
    ],
  ])("%s", async (_, stack, folder, command) => {
    const at = join(runners(), folder);
    const [file, ...prefix] = command(at);
    expect(await lifecycle(stack, file!, prefix, at)).toEqual({ codes: [2, 0, 0, 0] });
  });

  it("an esbuild bundle of the program", async () => {
    const bundle = join(runners(), "bundle.mjs");
    await run(bin("esbuild"), [
      join(runners(), "infra.mjs"),
      "--bundle",
      "--platform=node",
      "--format=esm",
      `--outfile=${bundle}`,
    ]);
    expect(await lifecycle("bundle", process.execPath, [bundle])).toEqual({ codes: [2, 0, 0, 0] });
  });

  it("vitest", async () => {
    const r = await exec(bin("vitest"), ["run", "--root", runners(), "stack.vitest.test.mjs"], { STACK: "vitest" });
    expect(r.code, r.out + r.err).toBe(0);
  });

  it("jest, running ES modules", async () => {
    const r = await exec(
      bin("jest"),
      ["--rootDir", runners(), "--config", JSON.stringify({ testMatch: ["**/*.jest.mjs"], transform: {} })],
      {
        STACK: "jest",
        NODE_OPTIONS: "--experimental-vm-modules --no-warnings",
      },
    );
    expect(r.code, r.out + r.err).toBe(0);
  });
});

/**
 * Issue 43: each package's README has a Testing section, a vitest test of a stack program against the
 * emulator the package carries (`<package>/testing`). Copied out of the installed package's README,
 * it runs in the scratch project as a user would run it: nothing set in its environment, nothing
 * installed but the tarballs (vitest is the workspace's, as in the runners above).
 */
describe("the README's Testing example, from the installed package", () => {
  /** The TypeScript block of a README's Testing section. */
  const testingExample = (readme: string) => /^## Testing\n[\s\S]*?```ts\n([\s\S]*?)```/m.exec(readme)?.[1];

  it.each(["netsvc", "cloudplat"])("%s: preview, up through a retried 429, destroy, green", async (pkg) => {
    const installed = join(project, "app", "node_modules", pkg);
    const code = testingExample(readFileSync(join(installed, "README.md"), "utf8"));
    expect(code, `${pkg}'s README has a Testing example`).toBeDefined();
    const dir = join(project, "app", "testing");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${pkg}.test.ts`), code!);
    const started = performance.now();
    const r = await run(join(repo, "node_modules/.bin/vitest"), ["run", "--root", dir, `${pkg}.test.ts`], {
      cwd: dir,
      env: { PATH: process.env.PATH },
    }).then(
      (ok) => ({ code: 0, out: ok.stdout + ok.stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
    );
    expect(r.code, r.out).toBe(0);
    expect(r.out).toMatch(/1 passed/);
    // What the emulator adds to an install (its bundle, declarations and CommonJS entry), and the example's time.
    const added = packed.get(pkg)!.filter((f) => f.includes("dist/testing/") || f.includes("dist/cjs/testing/"));
    const bytes = added.reduce((sum, f) => sum + readFileSync(join(installed, f)).length, 0);
    console.log(
      `${pkg}/testing: ${added.length} files, ${bytes} bytes installed; example ${Math.round(performance.now() - started)} ms`,
    );
  });
});
