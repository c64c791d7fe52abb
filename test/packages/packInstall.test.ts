// The packages as a downstream program gets them: `npm pack` of the runtime and both SDKs, installed
// from the tarballs into a project outside this repository (no registry needed), then every kind of
// consumer type-checked without @types/node and run against both emulators.
import { execFile } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
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
  for (const kind of readdirSync(consumers, { withFileTypes: true }).filter((e) => e.isDirectory())) {
    cpSync(join(consumers, kind.name), join(app, kind.name), { recursive: true });
    cpSync(join(consumers, "report.ts"), join(app, kind.name, "report.ts"));
  }
  emu = await startNetsvcEmulator();
  cloud = await startCloudplatEmulator();
  await seedTemplate(cloud, keyedProvider(cloud));
});

afterAll(async () => {
  await emu?.stop();
  await cloud?.stop();
  if (project) rmSync(project, { recursive: true, force: true });
});

/** Runs a consumer program with the provider configured by environment variables alone. */
async function runProgram(kind: string, file: string): Promise<unknown> {
  const env = {
    PATH: process.env.PATH,
    NETSVC_ENDPOINT: emu.url,
    NETSVC_ACCESS_KEY: emu.credentials.accessKey,
    NETSVC_SECRET_KEY: emu.credentials.secretKey,
    NETSVC_ACCEPT_PURCHASE_TERMS: "true",
    CLOUDPLAT_ENDPOINT: cloud.url,
    CLOUDPLAT_SECRET_ID: cloud.credentials.secretId,
    CLOUDPLAT_SECRET_KEY: cloud.credentials.secretKey,
  };
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

  it("plain JavaScript: ES modules and require()", async () => {
    const plain = { mveSizes: true, secret: "[secret]", version: "0.4.0" };
    expect(await runProgram("js-esm", "main.mjs")).toEqual({ ...plain, error: true });
    expect(await runProgram("js-cjs", "main.cjs")).toEqual({ ...plain, oneClass: true });
  });
});
