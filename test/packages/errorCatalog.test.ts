import { describe, expect, it } from "vitest";
import * as cloudplat from "cloudplat";
import * as cloudplatStack from "cloudplat/stack";
import * as netsvc from "netsvc";
import * as netsvcStack from "netsvc/stack";
import { errorClasses } from "../../generator/describe/errorCatalog.js";

// Issue 39, finding 14: the README's error table and the docs' Errors page come from
// templates/errors.yaml; every error class a package exports must have its row (CloudplatError had none).
const errorsExported = (entry: Record<string, unknown>): string[] =>
  Object.entries(entry)
    .filter(([, v]) => typeof v === "function" && (v as { prototype?: unknown }).prototype instanceof Error)
    .map(([name]) => name)
    .sort();

describe("the error catalog", () => {
  it.each([
    ["netsvc", "netsvc", netsvc, netsvcStack],
    ["cloudplat", "cloudplat", cloudplat, cloudplatStack],
  ] as const)("lists every error class %s exports, from the entry it exports it", (_, protocol, root, stack) => {
    const rows = errorClasses(protocol);
    const from = (entry: "root" | "stack") =>
      rows
        .filter((e) => e.entry === entry)
        .map((e) => e.name)
        .sort();
    expect(from("root")).toEqual(errorsExported(root));
    expect(from("stack")).toEqual(errorsExported(stack));
    const classes = root as unknown as Record<string, new () => object>;
    for (const e of rows.filter((r) => r.extends))
      expect(classes[e.name]!.prototype).toBeInstanceOf(classes[e.extends!]!);
  });
});
