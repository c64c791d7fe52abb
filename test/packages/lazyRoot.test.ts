// The package root loads an entity's module on first use of one of its values, not on import: a
// program using one resource of a large package loads a few dozen modules, not thousands. The static
// root (the "module" condition, for bundlers) re-exports the same names as the root.
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { loadedModules } from "./loadedModules.js";

const run = promisify(execFile);
const generated = join(resolve(import.meta.dirname, "../.."), "generated");
const entityModules = (urls: string[], pkg: string) =>
  urls.filter((u) => /\/(resources|lookups|types)\/[^/]+\.js$/.test(u) && u.includes(`/generated/${pkg}/`));

const declared = (pkg: string, file: string) => readFileSync(join(generated, pkg, "src", file), "utf8");

describe("the package root", () => {
  for (const [pkg, resource] of [
    ["netsvc", "Port"],
    ["cloudplat", "ApiGatewayService"],
  ] as const) {
    // Only the types the provider's configuration is made of (cloudplat's assumeRole and the like).
    const providerTypes = () =>
      [...declared(pkg, "provider.ts").matchAll(/from "\.\/(types\/\w+)\.js"/g)].map((m) => `${m[1]}.js`).sort();
    const loaded = (urls: string[]) =>
      entityModules(urls, pkg)
        .map((u) => u.replace(/^.*\/dist\//, ""))
        .filter((u) => !providerTypes().includes(u));

    const file = `resources/${resource[0]!.toLowerCase()}${resource.slice(1)}.js`;

    it(`${pkg}: importing the root loads no entity module`, async () => {
      const urls = await loadedModules(
        `const m = await import(${JSON.stringify(pkg)}); if (typeof m.${resource} !== "function") process.exit(3);`,
      );
      expect(urls.some((u) => u.endsWith(`/generated/${pkg}/dist/index.js`))).toBe(true);
      expect(loaded(urls)).toEqual([]);
    });

    it(`${pkg}: using a resource loads its module and the types it reaches, and errors are the root's`, async () => {
      const urls = await loadedModules(
        `const m = await import(${JSON.stringify(pkg)});
         const error = await m.${resource}.create({}, { provider: {} }).catch((e) => e);
         if (!(error instanceof m.ValidationError) || !m.${resource}.token) process.exit(3);`,
      );
      // Its module, and the shared types its descriptor reaches; no other resource or lookup.
      const modules = loaded(urls);
      expect(modules).toContain(file);
      expect(modules.filter((u) => u !== file && !u.startsWith("types/"))).toEqual([]);
      expect(modules.length).toBeLessThan(10);
    });

    it(`${pkg}: once its module is loaded, the root's bindings are the module's own values`, async () => {
      const values = `Object.keys(own).filter((k) => k !== "default")`;
      const { stdout } = await run(process.execPath, [
        "--input-type=module",
        "-e",
        `const root = await import(${JSON.stringify(pkg)});
         const own = await import(${JSON.stringify(`${pkg}/${file.replace(/\.js$/, "")}`)});
         const before = ${values}.filter((k) => root[k] === own[k]);
         void root.${resource}.token;
         console.log(JSON.stringify({ values: ${values}, before, after: ${values}.filter((k) => root[k] === own[k]) }));`,
      ]);
      const { values: names, before, after } = JSON.parse(stdout) as Record<string, string[]>;
      expect(names).toContain(resource);
      expect(before).toEqual([]); // stand-ins, until a value is used
      expect(after).toEqual(names);
    });

    it(`${pkg}: imports while another import() is loading the modules it requires`, async () => {
      const subpath = JSON.stringify(`${pkg}/${file.replace(/\.js$/, "")}`);
      for (let i = 0; i < 3; i++) {
        const { stdout } = await run(process.execPath, [
          "--input-type=module",
          "-e",
          `const [own, root] = await Promise.all([import(${subpath}), import(${JSON.stringify(pkg)})]);
           const runtime = await import("@sdkgen/runtime");
           console.log(typeof root.${resource}, root.ValidationError === runtime.ValidationError, typeof own.${resource});`,
        ]);
        expect(stdout.trim()).toBe("function true function");
      }
    });

    it(`${pkg}: the static root re-exports every value and type the root does`, async () => {
      // One after the other: Node 20 cannot require() an ES module another import() is still loading
      // (ERR_INTERNAL_ASSERTION, nodejs/node#62130), and the root requires the runtime the static root imports.
      const root = await import(join(generated, pkg, "dist/index.js"));
      const statics = await import(join(generated, pkg, "dist/static.js"));
      expect(Object.keys(root).sort()).toEqual(Object.keys(statics).sort());
      for (const name of Object.keys(statics)) expect(typeof root[name], name).toBe(typeof statics[name]);
      for (const match of declared(pkg, "static.ts").matchAll(
        /export \* from "(\.\/(?:resources|lookups|types)\/[^"]+)"/g,
      ))
        expect(declared(pkg, "index.ts")).toContain(`from "${match[1]}"`);
    });
  }
});
