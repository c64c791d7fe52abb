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

/** Temporary folders, each side read as `schemas`: model file names are relative to its parent. */
export class Workspace {
  private readonly root = mkdtempSync(join(tmpdir(), "sdkgen-diff-"));
  private count = 0;
  folder(): string {
    return join(this.root, String(this.count++));
  }

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

/** Where a side's schemas are (undefined: none at the ref), its label, and for a folder the name its problems show. */
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

/** Loads and plans both sides through one run's store (shared texts parse once); problems are reported together. */
export function loadSides(sides: readonly Located[], reuse: RunStore): Side[] {
  const problems: string[] = [];
  const loaded = sides.map(({ label, dir, shownAs }): Side => {
    try {
      const models = dir ? loadModels(dir, reuse) : [];
      return { label, models, plans: planPackages(models) };
    } catch (e) {
      if (!(e instanceof SchemaError)) throw e;
      const file = (f: string) => (shownAs ? f.replace(/^schemas(?=\/)/, shownAs) : f);
      problems.push(
        `${label} has schema problems:`,
        ...reportLines(e.diagnostics, (d) => ({ ...d, file: file(d.file) })).map((line) => `  ${line}`),
      );
      return { label, models: [], plans: [] };
    }
  });
  if (problems.length > 0) throw new DiffError(problems.join("\n"));
  return loaded;
}
