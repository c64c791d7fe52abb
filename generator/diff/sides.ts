import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import { requireFolder } from "../folders.js";
import { reportLines, SchemaError } from "../diagnostics.js";
import type { PackageModel } from "../model/types.js";
import { loadModels, planPackages, type RunStore } from "../pipeline.js";
import type { PackagePlan } from "../plan/planPackage.js";
import { commitOf, DiffError, materialise, mergeBaseWithMain, repoRoot } from "./gitRefs.js";

/** One side of the comparison: a git ref, a folder, or the working tree's schema folder. */
export type SideSpec = { readonly ref: string } | { readonly defaultBase: true } | { readonly dir: string };

export interface Side {
  readonly label: string;
  readonly models: PackageModel[];
  readonly plans: PackagePlan[];
}

/**
 * Temporary folders for one run, removed by `close()`. Every side is read through a folder named
 * `schemas`: model file names and generated headers are relative to the folder holding the schema
 * folder, so two sides read from folders of different names would differ in every file.
 */
export class Workspace {
  private readonly root = mkdtempSync(join(tmpdir(), "sdkgen-diff-"));
  private count = 0;
  /** A new empty folder. */
  folder(): string {
    return join(this.root, String(this.count++));
  }

  /** `dir` as `<tmp>/schemas` (a link) unless it is already called that. */
  asSchemas(dir: string): string {
    if (basename(dir) === "schemas") return dir;
    const holder = this.folder();
    const link = join(holder, "schemas");
    mkdirSync(holder, { recursive: true });
    symlinkSync(resolve(dir), link, "junction");
    return link;
  }

  close(): void {
    rmSync(this.root, { recursive: true, force: true });
  }
}

/**
 * Where a side's schemas are on disk (undefined when the ref has no schema folder), how to name the
 * side, and for a folder the path its problems are reported under (they are read as `schemas/…`).
 */
export interface Located {
  readonly label: string;
  readonly dir: string | undefined;
  readonly shownAs?: string;
}

export function locate(spec: SideSpec, workingSchemas: string, ws: Workspace): Located {
  if ("dir" in spec) {
    requireFolder(spec.dir, "schema folder");
    return { label: spec.dir, dir: ws.asSchemas(spec.dir), shownAs: spec.dir.replace(/[\\/]+$/, "") };
  }
  const root = repoRoot(existsSync(workingSchemas) ? workingSchemas : process.cwd());
  const { ref, commit } = "ref" in spec ? { ref: spec.ref, commit: commitOf(root, spec.ref) } : mergeBaseWithMain(root);
  const dir = materialise(root, commit, workingSchemas, ws.folder());
  const label = `${ref} (${commit.slice(0, 10)})`;
  return dir ? { label, dir: ws.asSchemas(dir) } : { label: `${label}, which has no schema folder`, dir: undefined };
}

/**
 * Loads and plans both sides, through one run's store: a schema text both sides hold is parsed once,
 * and a file the project's last run parsed (the store read from its cache) not at all. Problems on
 * either side are reported together, each under the side it belongs to.
 */
export function loadSides(sides: readonly Located[], reuse: RunStore): Side[] {
  /** Each side's problems, as printed. */
  const problems: string[][] = sides.map(() => []);
  const loaded = sides.map(({ label, dir }, i): Side => {
    try {
      const models = dir ? loadModels(dir, reuse) : [];
      return { label, models, plans: planPackages(models) };
    } catch (e) {
      if (!(e instanceof SchemaError)) throw e;
      const { shownAs } = sides[i]!;
      const file = (f: string) => (shownAs ? f.replace(/^schemas(?=\/)/, shownAs) : f);
      problems[i] = [
        `${label} has schema problems:`,
        ...reportLines(e.diagnostics, (d) => ({ ...d, file: file(d.file) })).map((line) => `  ${line}`),
      ];
      return { label, models: [], plans: [] };
    }
  });
  if (problems.some((p) => p.length > 0)) throw new DiffError(problems.flat().join("\n"));
  return loaded;
}
