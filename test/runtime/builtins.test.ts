import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** Node's built-in networking modules a fresh process has loaded once it imported `specifier`. */
function networkingLoadedBy(specifier: string): string[] {
  const probe = `await import(${JSON.stringify(specifier)});
console.log(JSON.stringify(process.moduleLoadList.filter((m) => /^NativeModule (http|https|tls)$/.test(m))));`;
  const r = spawnSync(process.execPath, ["--input-type=module", "-e", probe], { cwd: ROOT, encoding: "utf8" });
  expect(r.stderr).toBe("");
  return JSON.parse(r.stdout) as string[];
}

describe("node:http, node:https and node:tls load with the first request", () => {
  it("not when a program imports the runtime or a generated package's root", () => {
    expect(networkingLoadedBy(`${ROOT}runtime/dist/index.js`)).toEqual([]);
    expect(networkingLoadedBy(`${ROOT}generated/netsvc/dist/index.js`)).toEqual([]);
    expect(networkingLoadedBy(`${ROOT}generated/cloudplat/dist/index.js`)).toEqual([]);
  });
});
