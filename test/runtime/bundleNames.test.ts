import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const RUNTIME = fileURLToPath(new URL("../../runtime/", import.meta.url));

type Targets = { import?: { default?: string }; require?: { default?: string } };
const entries = Object.values(
  JSON.parse(readFileSync(`${RUNTIME}package.json`, "utf8")).exports as Record<string, Targets>,
)
  .flatMap((t) => [t.import?.default, t.require?.default])
  .filter((path): path is string => path?.endsWith(".js") === true);

// The runtime is bundled without esbuild's keepNames (it named every closure on each call: ~7 us of
// a request), so a class the bundler renames apart from a namesake, or binds to an inner name, would
// show so in util.inspect and stack traces. Every class and function an entry exports keeps its own.
describe("the bundled runtime", () => {
  it("exports every class and function under its own name", () => {
    const probe = `const entries = ${JSON.stringify(entries)};
const renamed = [];
for (const entry of entries) {
  const m = await import(new URL(entry, ${JSON.stringify(`file://${RUNTIME}`)}).href);
  for (const [name, value] of Object.entries(m))
    if (typeof value === "function" && name !== "default" && value.name !== name) renamed.push(entry + ": " + name + " is named " + value.name);
}
console.log(JSON.stringify(renamed));`;
    const r = spawnSync(process.execPath, ["--input-type=module", "-e", probe], { encoding: "utf8" });
    expect(r.stderr).toBe("");
    expect(entries.length).toBeGreaterThan(8);
    expect(JSON.parse(r.stdout)).toEqual([]);
  });
});
