import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { ResourceDescriptor } from "@sdkgen/runtime";
import * as cloudplat from "cloudplat";
import * as netsvc from "netsvc";

/**
 * Every TypeScript example a user can read (the docs pages and the package READMEs) compiles against
 * the built packages, as a program of its own: no documented call can be wrong. The programs are
 * written under test/output/ so that `netsvc` and `cloudplat` resolve, through the workspace's
 * node_modules, to the packages' package.json and their built declarations, as a consumer's would.
 */
const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const TSC = join(ROOT, "node_modules/typescript/bin/tsc");
const OUT = join(ROOT, "test/output/examples");
const PACKAGES = ["netsvc", "cloudplat"];

const UNESCAPE: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'" };

const listFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? listFiles(join(dir, e.name)) : [join(dir, e.name)],
  );

/**
 * The TypeScript snippets of one file: `language-ts` code blocks of a page as a reader copies them (the
 * highlighting's tags dropped, entities unescaped), ```ts fences of Markdown.
 */
function snippets(path: string, text: string): string[] {
  const pattern = path.endsWith(".md")
    ? /```ts\n([\s\S]*?)```/g
    : /<pre><code class="language-ts">([\s\S]*?)<\/code><\/pre>/g;
  return [...text.matchAll(pattern)].map((m) =>
    path.endsWith(".md")
      ? m[1]!
      : m[1]!.replace(/<[^>]*>/g, "").replace(/&(amp|lt|gt|quot|#39);/g, (e) => UNESCAPE[e]!),
  );
}

const TSCONFIG = {
  compilerOptions: {
    target: "ES2022",
    module: "NodeNext",
    moduleResolution: "NodeNext",
    lib: ["ES2023"],
    types: ["node"],
    strict: true,
    exactOptionalPropertyTypes: true,
    noUncheckedIndexedAccess: true,
    noEmit: true,
    skipLibCheck: true,
  },
};

describe("examples in the docs and READMEs", () => {
  it("type-check against the built packages, each as a program of its own", () => {
    rmSync(OUT, { recursive: true, force: true });
    const written: string[] = [];
    for (const pkg of PACKAGES) {
      const dir = join(ROOT, "generated", pkg);
      const sources = [join(dir, "README.md"), ...listFiles(join(dir, "docs")).filter((f) => f.endsWith(".html"))];
      for (const source of sources)
        snippets(source, readFileSync(source, "utf8")).forEach((code, i) => {
          const name = `${relative(ROOT, source).replace(/[^A-Za-z0-9]+/g, "_")}_${i + 1}.ts`;
          mkdirSync(join(OUT, pkg), { recursive: true });
          writeFileSync(join(OUT, pkg, name), `// From ${relative(ROOT, source)}, example ${i + 1}.\n${code}`);
          written.push(name);
        });
      writeFileSync(join(OUT, pkg, "package.json"), JSON.stringify({ type: "module", private: true }));
      writeFileSync(join(OUT, pkg, "tsconfig.json"), JSON.stringify({ ...TSCONFIG, include: ["*.ts"] }));
    }
    // Every resource and lookup page has at least one, and both READMEs do.
    expect(written.length).toBeGreaterThan(70);
    for (const pkg of PACKAGES) expect(written.some((n) => n.startsWith(`generated_${pkg}_README_md_`))).toBe(true);
    for (const pkg of PACKAGES) {
      const r = spawnSync(process.execPath, [TSC, "-p", join(OUT, pkg)], { cwd: ROOT, encoding: "utf8" });
      expect(r.stdout + r.stderr, `tsc over the examples of ${pkg}`).toBe("");
      expect(r.status).toBe(0);
    }
  });

  it("never print a secret: a kind whose id is its secret (a service key) shows its Secret field instead", () => {
    const secretIds = Object.entries({ netsvc, cloudplat }).flatMap(([pkg, exports]) =>
      Object.values(exports as Record<string, unknown>)
        .filter((v): v is ResourceDescriptor => (v as ResourceDescriptor | undefined)?.kind === "resource")
        .filter((d) => d.importId?.parts.some((p) => d.fields[p.field]?.type.secret))
        .map((d) => ({ pkg, d })),
    );
    expect(secretIds.map(({ d }) => d.name)).toContain("ServiceKey");
    for (const { pkg, d } of secretIds) {
      const v = d.name[0]!.toLowerCase() + d.name.slice(1);
      const page = readFileSync(join(ROOT, "generated", pkg, "docs", "resources", `${v}.html`), "utf8");
      const code = snippets(".html", page).join("\n");
      expect(code).toContain(`${d.name}.create(`);
      expect(code, d.name).not.toMatch(new RegExp(`console\\.log\\(${v}\\.id\\)`));
    }
  });
});
