import type { PackageModel } from "../model/types.js";
import { camel } from "../naming.js";

/** `package.testing.inputs` as TypeScript, keys sorted: a mapping's key order says nothing in YAML. */
const literal = (value: unknown, indent: string): string => {
  if (typeof value !== "object" || value === null) return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((v) => literal(v, indent)).join(", ")}]`;
  const inner = `${indent}  `;
  const key = (k: string) => (/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k));
  const entries = Object.entries(value)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([k, v]) => `${inner}${key(k)}: ${literal(v, inner)},\n`);
  return `{\n${entries.join("")}${indent}}`;
};

/** The README's Testing section: a vitest test of a stack against the emulator; `make test` runs it. */
export function testingExample(m: PackageModel): string | undefined {
  const testing = m.provider.package.testing;
  if (!testing) return undefined;
  const pkg = m.provider.package.name;
  const name = JSON.stringify(camel(testing.resource));
  return `import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { ${testing.resource}, Provider } from "${pkg}";
import { fileBackend, Stack } from "${pkg}/stack";
import { startEmulator, type Emulator } from "${pkg}/testing";

// The program under test: its stack, declared against the provider it is given.
function infrastructure(provider: Provider): Stack {
  const stack = new Stack("test", {
    providers: { ${m.provider.name}: provider },
    backend: fileBackend(mkdtempSync(join(tmpdir(), "stack-"))), // a state of its own, thrown away
    passphrase: "test",
  });
  stack.resource(${testing.resource}, ${name}, ${literal(testing.inputs, "  ")});
  return stack;
}

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator(); // on 127.0.0.1, provisioning 100 times as fast as the service
});
afterAll(() => emulator.close());

test("preview, up through a throttled request, destroy", async () => {
  // The endpoint and credentials are the emulator's: nothing reaches a real account.
  const stack = infrastructure(new Provider({}, emulator.env));

  const plan = await stack.preview();
  expect(plan.steps.map((s) => [s.name, s.operation])).toEqual([[${name}, "create"]]);

  // The next request is answered 429 with Retry-After: 1: the SDK waits a second and sends it again.
  const throttled = emulator.fault({ status: 429, retryAfter: 1 });
  expect((await stack.up()).failed).toEqual([]);
  expect(throttled.hits).toBe(1);
  // What the account holds now, each { kind, id, name, state } as the service names them.
  expect(emulator.objects).toHaveLength(1);

  expect((await stack.destroy()).failed).toEqual([]);
  expect(emulator.objects).toEqual([]);
});
`;
}
