// Each protocol is its own runtime entry: a program using one SDK loads none of the other protocol's
// runtime (no TC3 signing or STS chain in a netsvc program, no OAuth in a cloudplat one). Checked by
// a resolve hook that records every module URL the program actually loads.
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { loadedModules } from "./loadedModules.js";

const runtimeDist = join(resolve(import.meta.dirname, "../.."), "runtime/dist");

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
