// Each protocol is its own runtime entry: a program using one SDK loads none of the other protocol's
// runtime (no TC3 signing or STS chain in a netsvc program, no OAuth in a cloudplat one). The runtime
// is bundled (runtime/bundle.mjs), so what a program loads is told by the sources its modules were
// built from: each loaded module's source map names them.
import { readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadedModules } from "./loadedModules.js";

const runtime = join(resolve(import.meta.dirname, "../.."), "runtime");

/** The runtime sources (paths under runtime/src/) of the runtime modules among `urls`. */
function runtimeSources(urls: readonly string[]): string[] {
  const files = urls.map((u) => fileURLToPath(u)).filter((f) => f.startsWith(join(runtime, "dist") + "/"));
  return files.flatMap((file) => {
    const { sources } = JSON.parse(readFileSync(`${file}.map`, "utf8")) as { sources: string[] };
    return sources.map((s) => relative(join(runtime, "src"), resolve(dirname(file), s)));
  });
}

const underFolder = (sources: readonly string[], folder: string) => sources.filter((s) => s.startsWith(`${folder}/`));

describe("the runtime's protocol entries", () => {
  it("a netsvc program loads the netsvc runtime and nothing of cloudplat's", async () => {
    const sources = runtimeSources(
      await loadedModules(
        `const { Provider, Port } = await import("netsvc"); new Provider({ accessKey: "a", secretKey: "b", acceptPurchaseTerms: true }); void Port;`,
      ),
    );
    expect(sources).toContain("netsvc/oauth.ts");
    expect(underFolder(sources, "cloudplat")).toEqual([]);
  });

  it("a cloudplat program loads the cloudplat runtime and nothing of netsvc's", async () => {
    const sources = runtimeSources(
      await loadedModules(
        `const { Provider, ApiGatewayService } = await import("cloudplat"); void Provider; void ApiGatewayService;`,
      ),
    );
    expect(sources).toContain("cloudplat/sign.ts");
    expect(underFolder(sources, "netsvc")).toEqual([]);
  });
});
