import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import type { Protocol } from "../model/types.js";
import { repoRoot } from "../repoPackages.js";

/** One error class a generated package exports, as templates/errors.yaml describes it. */
export interface ErrorClass {
  readonly name: string;
  readonly entry: "root" | "stack";
  readonly protocol?: Protocol;
  /** Its base class among these, to test for after it. */
  readonly extends?: string;
  readonly when: string;
  readonly holds: string;
}

let catalog: readonly ErrorClass[] | undefined;

/** The error classes a package of `protocol` exports (none: a package no protocol runs), in the file's order. */
export function errorClasses(protocol: Protocol | undefined): ErrorClass[] {
  catalog ??= parse(readFileSync(join(repoRoot(), "templates", "errors.yaml"), "utf8")) as ErrorClass[];
  return catalog.filter((e) => e.protocol === undefined || e.protocol === protocol);
}

/** The module a package's users import an error class from: the package itself, or its `stack` entry. */
export const importedFrom = (e: ErrorClass, pkg: string): string => (e.entry === "stack" ? `${pkg}/stack` : pkg);
