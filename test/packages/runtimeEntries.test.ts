// Each protocol is its own runtime entry: a program using one SDK loads none of the other protocol's
// runtime (no TC3 signing or STS chain in a netsvc program, no OAuth in a cloudplat one). Checked by
// a resolve hook that records every module URL the program actually loads.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);
const repo = resolve(import.meta.dirname, "../..");
const runtimeDist = join(repo, "runtime/dist");

const HOOK = `
import { appendFileSync } from "node:fs";
let log;
export function initialize(data) { log = data.log; }
export async function resolve(specifier, context, next) {
  const found = await next(specifier, context);
  appendFileSync(log, found.url + "\\n");
  return found;
}`;

async function loadedModules(program: string): Promise<string[]> {
  const log = join(mkdtempSync(join(tmpdir(), "sdkgen-entries-")), "modules.txt");
  const register =
    `import { register } from "node:module";` +
    `register(${JSON.stringify("data:text/javascript," + encodeURIComponent(HOOK))}, { data: { log: ${JSON.stringify(log)} } });`;
  await run(
    process.execPath,
    ["--import", `data:text/javascript,${encodeURIComponent(register)}`, "--input-type=module", "-e", program],
    {
      cwd: repo,
    },
  );
  return [...new Set(readFileSync(log, "utf8").trim().split("\n"))];
}

const runtimeModules = (urls: string[], protocol: string) =>
  urls.filter((u) => u.startsWith(`file://${runtimeDist}/${protocol}/`));

describe("the runtime's protocol entries", () => {
  it("a netsvc program loads the netsvc runtime and nothing of cloudplat's", async () => {
    const urls = await loadedModules(
      `const { Provider, Port } = await import("netsvc"); new Provider({ accessKey: "a", secretKey: "b", acceptPurchaseTerms: true }); void Port;`,
    );
    expect(runtimeModules(urls, "netsvc").length).toBeGreaterThan(0);
    expect(runtimeModules(urls, "cloudplat")).toEqual([]);
  });

  it("a cloudplat program loads the cloudplat runtime and nothing of netsvc's", async () => {
    const urls = await loadedModules(
      `const { Provider, ApiGatewayService } = await import("cloudplat"); void Provider; void ApiGatewayService;`,
    );
    expect(runtimeModules(urls, "cloudplat").length).toBeGreaterThan(0);
    expect(runtimeModules(urls, "netsvc")).toEqual([]);
  });
});
