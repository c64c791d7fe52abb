import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { docFiles, pageView, renderDoc } from "../../generator/docs/emitDocs.js";
import type { FieldRow } from "../../generator/docs/fields.js";
import { loadModels, planPackages } from "../../generator/pipeline.js";
import { packageKeys } from "../../generator/reuse/keys.js";
import { writeSynthetic } from "../bench/synthetic.mjs";

/** Where `value` holds something JSON would drop or flatten (a function, a Map, a class instance), by path. */
function notPlain(value: unknown, path = "view"): string[] {
  if (typeof value === "function") return [path];
  if (value === null || typeof value !== "object") return [];
  const proto = Object.getPrototypeOf(value) as unknown;
  if (!Array.isArray(value) && proto !== Object.prototype && proto !== null) return [path];
  return Object.entries(value).flatMap(([k, v]) => notPlain(v, `${path}.${k}`));
}

// A template sees only its view, which must be plain data; a page is keyed by the digest of its input.
describe("docs views", () => {
  it("are plain data, for every page of both providers and a synthetic one", () => {
    const synthetic = mkdtempSync(join(tmpdir(), "sdkgen-views-"));
    writeSynthetic(synthetic, 60);
    for (const plan of planPackages([...loadModels("schemas"), ...loadModels(synthetic)]))
      for (const file of docFiles(plan)) expect(notPlain(pageView(file)), file.path).toEqual([]);
  });

  it("key each page by its input: the same for a plan made again, different from page to page", () => {
    const keysOf = () =>
      planPackages(loadModels("schemas")).flatMap((plan) => {
        const keys = packageKeys(plan);
        return docFiles(plan).map((f) => `${plan.model.provider.name}/${f.path} ${keys.page(f)}`);
      });
    const keys = keysOf();
    expect(keysOf()).toEqual(keys);
    const pages = keys.filter((k) => k.includes(".html "));
    expect(new Set(pages.map((k) => k.split(" ")[1])).size).toBe(pages.length);
  });
});

describe("docs pages", () => {
  it("show a field's presence as HTML, its condition's values escaped once", () => {
    const page = readFileSync("generated/cloudplat/docs/resources/apiGatewayApi.html", "utf8");
    expect(page).toContain(
      '<span class="presence">optional (the service fills it when omitted); only when <code>authType</code> is <code>&quot;OAUTH&quot;</code></span>',
    );
    expect(page).not.toContain("&lt;code&gt;");
  });

  it("say in words what a resource and a lookup do, and keep requests and wire names in one collapsed section", () => {
    // What only a request or the wire looks like: a method and a path, an API version, a
    // `service:Action` (not a token's `port:Port`), a JSON object, a cancellation action, a wire name or path.
    const WIRE = /\b(GET|POST|PUT|DELETE) \/|\/v\d\/|(?<![/\w])[a-z]+:[A-Z]\w+|\{&quot;|CANCEL_NOW|Wire (name|path)/;
    interface View {
      behaviour?: { lifecycle: string[]; delete: string };
      runs?: string[];
      inputs?: FieldRow[];
      outputs?: FieldRow[];
      wire?: { requests: string[]; fields: unknown[] };
    }
    for (const plan of planPackages(loadModels("schemas")))
      for (const file of docFiles(plan)) {
        const view = pageView(file) as View | undefined;
        if (!view) continue;
        const rows = [...(view.inputs ?? []), ...(view.outputs ?? [])];
        const words = [
          ...(view.behaviour ? [...view.behaviour.lifecycle, view.behaviour.delete] : []),
          ...(view.runs ?? []),
          ...rows.flatMap((r) => [...r.facts, r.change ?? ""]),
        ];
        expect(
          words.filter((w) => WIRE.test(w)),
          file.path,
        ).toEqual([]);
        if ("page" in file && file.page === "resource") {
          expect(view.behaviour, file.path).toBeDefined();
          expect(view.wire?.requests.length, file.path).toBeGreaterThan(0);
        }
        const html = renderDoc(file);
        expect(html.split('<details class="wire"').length, file.path).toBeLessThanOrEqual(2);
        if (view.wire)
          expect(html, file.path).toContain('<details class="wire" id="wire">\n<summary>On the wire</summary>');
      }
  });

  it("tell how a product is ordered, changed and cancelled", () => {
    const page = readFileSync("generated/netsvc/docs/resources/port.html", "utf8");
    for (const words of [
      "Created by ordering a product of type MEGAPORT",
      "updates it in place, with one request.",
      "Deleting cancels it at once, or at the end of its contract term when the provider&#39;s <code>cancelAtEndOfTerm</code> is true.",
    ])
      expect(page).toContain(words);
  });
});
