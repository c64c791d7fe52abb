import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { didYouMean } from "@sdkgen/runtime/providers";
import { loadModels } from "../../generator/pipeline.js";

/**
 * The built docs sites in a real browser: Debian's Chromium (installed by `make test` when missing),
 * driven by playwright-core, over file:// as a reader who opens the folder would see them.
 */
const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const CHROMIUM = "/usr/bin/chromium";
const SCREENSHOTS = join(ROOT, "test/output/docs");
/** A phone, a tablet and a desktop: every page must fit each with no sideways scroll of the page. */
const WIDTHS = [375, 768, 1280];
const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

const models = new Map(loadModels(join(ROOT, "schemas")).map((m) => [m.provider.name, m]));
const docsDir = (pkg: string) => join(ROOT, "generated", pkg, "docs");
const pages = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? pages(join(dir, e.name)) : e.name.endsWith(".html") ? [join(dir, e.name)] : [],
  );

/** What the page-side functions read of the browser: this type-check has no DOM library. */
interface Box {
  readonly left: number;
  readonly right: number;
}
interface Element {
  readonly id: string;
  readonly scrollWidth: number;
  readonly clientWidth: number;
  getBoundingClientRect(): Box;
}
declare const document: {
  documentElement: Element;
  body: Element;
  activeElement: Element | null;
  getElementById(id: string): Element | null;
};
declare const navigator: { clipboard: { readText(): Promise<string> } };
declare function getComputedStyle(e: Element): { overflowX: string };

let context: BrowserContext;
let profile: string;

beforeAll(async () => {
  if (!existsSync(CHROMIUM))
    throw new Error(`${CHROMIUM} is missing: run \`make test\`, which installs Debian's chromium`);
  profile = mkdtempSync(join(tmpdir(), "sdkgen-chromium-"));
  // A persistent context is how playwright takes a fresh --user-data-dir of our own.
  context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: FLAGS });
});

afterAll(async () => {
  await context?.close();
  rmSync(profile, { recursive: true, force: true });
});

/** Opens a page, recording console errors, uncaught exceptions and failed loads. */
async function open(url: string): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(`console: ${m.text()}`));
  page.on("pageerror", (e) => errors.push(`exception: ${e.message}`));
  page.on("requestfailed", (r) => errors.push(`failed to load ${r.url()}`));
  await page.goto(url, { waitUntil: "load" });
  return { page, errors };
}

/** The names the search index holds, entities then each one's fields, in the index's order. */
function indexedNames(pkg: string): string[] {
  const text = readFileSync(join(docsDir(pkg), "assets/search-index.js"), "utf8");
  const entries = JSON.parse(
    text
      .slice(text.indexOf("=") + 1)
      .trim()
      .replace(/;$/, ""),
  ) as [string, string, string, string[]][];
  return [
    ...new Set(entries.flatMap(([name, , , anchors]) => [name, ...anchors.map((a) => a.slice(a.indexOf("-") + 1))])),
  ];
}

/** Types a query into the search box and follows the first result with Enter. */
async function searchAndGo(page: Page, query: string): Promise<{ first: string; url: string }> {
  const before = page.url();
  await page.fill("#search", query);
  const first = (await page.locator("#results a").first().textContent()) ?? "";
  await Promise.all([page.waitForURL((u) => u.href !== before), page.press("#search", "Enter")]);
  return { first, url: page.url() };
}

describe.each([
  {
    pkg: "netsvc",
    shot: "resources/vxc.html",
    misspelt: "getParnter",
    searches: [
      ["Vxc", "resources/vxc.html"],
      ["getPartner", "lookups/getPartner.html"],
    ],
  },
  {
    pkg: "cloudplat",
    shot: "resources/apiGatewayApi.html",
    misspelt: "ApiGatwayServise",
    searches: [
      ["ApiGatewayApi", "resources/apiGatewayApi.html"],
      ["getApiGatewayApis", "lookups/getApiGatewayApis.html"],
    ],
  },
])("docs site of $pkg in Chromium", ({ pkg, shot, misspelt, searches }) => {
  const dir = docsDir(pkg);
  const index = pathToFileURL(join(dir, "index.html")).href;

  it("loads every page with no console error, and every internal link resolves", async () => {
    const ids = new Map<string, Set<string>>();
    const links: { from: string; href: string }[] = [];
    // One tab visits every page in turn: what each load reports is charged to the page being loaded.
    const { page, errors } = await open("about:blank");
    const problems: string[] = [];
    for (const file of pages(dir)) {
      errors.length = 0;
      await page.goto(pathToFileURL(file).href, { waitUntil: "load" });
      problems.push(...errors.map((e) => `${relative(dir, file)}: ${e}`));
      ids.set(file, new Set(await page.$$eval("[id]", (els) => els.map((el) => el.id))));
      // An SVG link's href is not a string: its attribute is resolved against the page's address.
      const hrefs = await page.$$eval(
        "a[href]",
        (as, base) => as.map((a) => new URL(a.getAttribute("href")!, base).href),
        page.url(),
      );
      for (const href of hrefs) if (href.startsWith("file:")) links.push({ from: relative(dir, file), href });
    }
    await page.close();
    for (const { from, href } of links) {
      const url = new URL(href);
      const target = fileURLToPath(url);
      if (!ids.has(target)) problems.push(`${from}: link to a missing page ${href}`);
      else if (url.hash && !ids.get(target)!.has(decodeURIComponent(url.hash.slice(1))))
        problems.push(`${from}: link to a missing anchor ${href}`);
    }
    expect(problems).toEqual([]);
    expect(links.length).toBeGreaterThan(ids.size);
  });

  it.each(searches)("search finds %s and opens its page", async (query, target) => {
    const { page, errors } = await open(index);
    const { first, url } = await searchAndGo(page, query);
    expect(first.startsWith(query)).toBe(true);
    expect(url).toBe(pathToFileURL(join(dir, target)).href);
    await expect(page.locator("h1").textContent()).resolves.toContain(query);
    expect(errors).toEqual([]);
    await page.close();
  });

  // Measured before this test existed: at 375 px every page scrolled sideways, netsvc's widest 1,002 px
  // (resources/mcr.html), cloudplat's 1,412 px (resources/apiGatewayApi.html).
  it(`fits every page in ${WIDTHS.join(", ")} px: no sideways scroll, the search box in view`, async () => {
    const { page, errors } = await open("about:blank");
    const problems: string[] = [];
    // Each page is loaded once and laid out at every width: resizing is cheaper than loading again.
    for (const file of pages(dir)) {
      await page.goto(pathToFileURL(file).href, { waitUntil: "load" });
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        const m = await page.evaluate(() => {
          const html = document.documentElement;
          const box = document.getElementById("search")!.getBoundingClientRect();
          // Hiding the overflow would pass the measure while cutting the page off.
          const clipped = [html, document.body].some((e) => getComputedStyle(e).overflowX !== "visible");
          return { wide: html.scrollWidth, view: html.clientWidth, left: box.left, right: box.right, clipped };
        });
        const at = `${relative(dir, file)} at ${width} px`;
        if (m.wide > m.view) problems.push(`${at}: ${m.wide} px wide`);
        if (m.left < 0 || m.right > m.view) problems.push(`${at}: search box from ${m.left} to ${m.right} px`);
        if (m.clipped) problems.push(`${at}: the page's overflow is hidden`);
      }
    }
    expect(problems).toEqual([]);
    expect(errors).toEqual([]);
    await page.goto(pathToFileURL(join(dir, shot)).href, { waitUntil: "load" });
    mkdirSync(SCREENSHOTS, { recursive: true });
    for (const width of WIDTHS) {
      const screenshot = join(SCREENSHOTS, `${pkg}-${basename(shot, ".html")}-${width}.png`);
      rmSync(screenshot, { force: true });
      await page.setViewportSize({ width, height: 800 });
      await page.screenshot({ path: screenshot, fullPage: true });
      expect(existsSync(screenshot)).toBe(true);
    }
    await page.close();
  });

  it("says when a search finds nothing, and offers the closest names by the validator's edit distance", async () => {
    const { page, errors } = await open(index);
    await page.setViewportSize({ width: 375, height: 800 });
    const empty = page.locator("#search-empty");
    await page.fill("#search", "qzxjvkwpl");
    await expect(empty.isVisible()).resolves.toBe(true);
    await expect(empty.textContent()).resolves.toContain("No kind or field matches");
    expect(await empty.locator("a").count()).toBeGreaterThan(0);
    // A misspelt name: the first name offered is the one "did you mean" picks from the same names.
    await page.fill("#search", misspelt);
    const best = /"(.+)"/.exec(didYouMean(misspelt, indexedNames(pkg)))![1]!;
    // A link's text is the name, then its kind in a <small>.
    const first = empty.locator("a").first();
    await expect(first.evaluate((a) => a.firstChild?.textContent)).resolves.toBe(best);
    // On a phone the panel stays on the screen.
    const box = (await empty.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    await page.fill("#search", searches[0]![0]!);
    await expect(empty.isVisible()).resolves.toBe(false);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("searches by keyboard: / focuses the box, arrow keys choose a result, Enter opens it", async () => {
    const { page, errors } = await open(index);
    await page.keyboard.press("/");
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe("search");
    await page.keyboard.type(searches[0]![0]!);
    const results = page.locator("#results a");
    expect(await results.count()).toBeGreaterThan(1);
    const active = () => page.locator("#results a.active").getAttribute("href");
    await expect(active()).resolves.toBe(await results.nth(0).getAttribute("href"));
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowUp");
    const second = await results.nth(1).getAttribute("href");
    await expect(active()).resolves.toBe(second);
    await expect(page.getAttribute("#search", "aria-activedescendant")).resolves.toBe(
      await results.nth(1).getAttribute("id"),
    );
    await Promise.all([page.waitForURL((u) => u.href !== index), page.keyboard.press("Enter")]);
    expect(page.url()).toBe(new URL(second!, index).href);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("highlights the examples in the page itself and copies one with its button", async () => {
    const { page, errors } = await open(pathToFileURL(join(dir, shot)).href);
    const requests: string[] = [];
    page.on("request", (r) => requests.push(r.url()));
    const example = page.locator("pre code.language-ts").first();
    expect(await example.locator("span.tok-keyword").count()).toBeGreaterThan(0);
    expect(await example.locator("span.tok-string").count()).toBeGreaterThan(0);
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const button = page.locator(".code-box button.copy").first();
    await button.click();
    // The label changes once the clipboard's write resolves: polled, not read once.
    await expect.poll(() => button.textContent()).toBe("Copied");
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await example.textContent());
    expect(requests).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("keeps requests and wire names in one collapsed section, opened on demand", async () => {
    const { page, errors } = await open(pathToFileURL(join(dir, shot)).href);
    const wire = page.locator("details.wire");
    expect(await wire.count()).toBe(1);
    const requests = wire.locator("ul").first();
    await expect(requests.isVisible()).resolves.toBe(false);
    await wire.locator("summary").click();
    await expect(requests.isVisible()).resolves.toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("draws the diagram of references with a link per kind", async () => {
    const { page } = await open(index);
    const nodes = page.locator("svg.diagram a.node");
    const kinds = models.get(pkg)!.resources.map((r) => r.name);
    expect(await nodes.evaluateAll((as) => as.map((a) => a.getAttribute("data-kind")))).toEqual(
      expect.arrayContaining(kinds),
    );
    expect(await nodes.count()).toBe(kinds.length);
    // Rendered, not just present: every node has a visible box, and the arrows are drawn.
    const areas = await nodes.evaluateAll((as) =>
      as.map((a) => {
        const box = (a as unknown as { getBBox(): { width: number; height: number } }).getBBox();
        return box.width * box.height;
      }),
    );
    for (const area of areas) expect(area).toBeGreaterThan(0);
    expect(await page.locator("svg.diagram path.edge").count()).toBeGreaterThan(0);
    await Promise.all([page.waitForURL(/resources\//), nodes.first().click()]);
    expect(page.url()).toMatch(/\/docs\/resources\/[A-Za-z]+\.html$/);
    await page.close();
  });
});
