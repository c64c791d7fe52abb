import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// Issue 39, findings 8 and 13: what a stack program's author reads from the compiler. Programs are
// type-checked against the built packages, as a downstream project would (NodeNext, strict).
const ROOT = resolve(import.meta.dirname, "../..");
const TSC = join(ROOT, "node_modules/typescript/bin/tsc");
// Inside the repository, so that "netsvc" resolves to the built package through node_modules.
mkdirSync(join(ROOT, "build"), { recursive: true });
const dir = mkdtempSync(join(ROOT, "build", "stack-types-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** tsc's diagnostics for `program`, one per line. */
function diagnostics(program: string): string {
  writeFileSync(join(dir, "program.ts"), program);
  writeFileSync(
    join(dir, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: { module: "NodeNext", target: "ES2022", strict: true, noEmit: true, types: ["node"] },
      files: ["program.ts"],
    }),
  );
  const r = spawnSync(process.execPath, [TSC, "-p", dir, "--pretty", "false"], { encoding: "utf8" });
  return r.stdout + r.stderr;
}

const header = `import { Port, Provider, Vxc } from "netsvc";\nimport { Stack } from "netsvc/stack";\n`;

describe("a stack program's types", () => {
  it("accept a well-declared stack, with a provider under its package's name", () => {
    expect(
      diagnostics(
        `${header}const stack = new Stack("dev", { providers: { netsvc: new Provider() } });
const port = stack.resource(Port, "edge", { productName: "edge", contractTermMonths: 12, locationId: 3, marketplaceVisibility: false, portSpeed: 10000 });
stack.resource(Vxc, "link", { productName: "link", contractTermMonths: 1, rateLimit: 500, aEnd: { productUid: port.out.productUid }, bEnd: { productUid: port.id } });
`,
      ),
    ).toBe("");
  });

  it("refuse a misspelt provider key", () => {
    const out = diagnostics(`${header}new Stack("dev", { providers: { netsvcc: new Provider() } });\n`);
    expect(out).toMatch(/'netsvcc' does not exist in type 'StackProviders'/);
  });

  it("name the kind's inputs type in errors on a declaration's arguments, not its expansion", () => {
    const out = diagnostics(
      `${header}const stack = new Stack("dev");
stack.resource(Port, "edge", { productName: "edge", contractTermMonths: 7, locationId: 3, marketplaceVisibility: false, portSpeed: 10000 });
stack.resource(Port, "spare", { productNam: "spare", contractTermMonths: 12, locationId: 3, marketplaceVisibility: false, portSpeed: 10000 });
`,
    );
    expect(out).toContain("error TS2322: Type '7' is not assignable to type 'Input<1 | 12 | 24 | 36 | 48 | 60>'.");
    expect(out).toMatch(/'productNam' does not exist in type 'PortInputs'/);
    expect(out).not.toMatch(/Input<\{/);
  });
});
