import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import { GenCache } from "../cache/genCache.js";
import type { CheckBeside } from "../parallel/checkAlongside.js";
import { requireFolder } from "../commands.js";
import { reportLines, SchemaError, sortDiagnostics, type Diagnostic } from "../diagnostics.js";
import { loadBeside } from "../loadModels.js";
import { awaitedLater } from "../parallel/awaitedLater.js";
import type { PackageModel } from "../model/types.js";
import { loadModels, planPackages } from "../pipeline.js";
import type { PackagePlan } from "../plan/planPackage.js";
import { ValidationMemo } from "../validate/scope.js";
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
  /** The generator cache this run fills and reads: private, so the project's is never changed. */
  readonly cacheDir = this.folder();

  /**
   * Starts the private cache as a copy of the project's (when there is one): files `make` has already
   * parsed and validated, and the compiled meta-schema, are then not parsed or compiled again.
   */
  seedCache(from: string | undefined): void {
    if (from && existsSync(from)) cpSync(from, this.cacheDir, { recursive: true });
  }

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
 * Loads and plans both sides, reading parsed files from `cache` (what `preparse` made of the
 * workspace's private cache) and never writing it. Problems on either side are reported together,
 * each under the side it belongs to. `onLoaded` hears of each side as soon as it is ready, so work on
 * it can start while the next one loads. With `check`, a large side's checks are a worker's
 * (loadBeside), awaited before this returns.
 */
export async function loadSides(
  sides: readonly Located[],
  cache: GenCache,
  onLoaded?: (side: Side, index: number) => void,
  check?: CheckBeside,
): Promise<Side[]> {
  /** Each side's problems, as printed. */
  const problems: string[][] = sides.map(() => []);
  const failed = (i: number, diagnostics: readonly Diagnostic[]) => {
    const { label, shownAs } = sides[i]!;
    const file = (f: string) => (shownAs ? f.replace(/^schemas(?=\/)/, shownAs) : f);
    problems[i] = [
      `${label} has schema problems:`,
      ...reportLines(sortDiagnostics(diagnostics), (d) => ({ ...d, file: file(d.file) })).map((line) => `  ${line}`),
    ];
  };
  // The second side is checked as a watch checks a run after an edit: only the documents that differ
  // from the first side's, when that is sound (validate/scope.ts), the first side's checks presumed
  // clean while the worker makes them. Model slices are not kept: keeping them cost more than it saved.
  const memo = { checks: new ValidationMemo() };
  const answers: Promise<void>[] = [];
  const loaded: Side[] = [];
  for (const [i, { label, dir }] of sides.entries()) {
    loaded[i] = { label, models: [], plans: [] };
    let checked: Promise<readonly Diagnostic[]> | undefined;
    try {
      // A cache per side: each reads what preparse kept, and keeps what its loading adds apart.
      const options = { cache: cache.nextRun(false), memo, presumeClean: true };
      const modelled = !dir
        ? { models: [] }
        : check
          ? await loadBeside(dir, options, check)
          : { models: loadModels(dir, options) };
      checked = modelled.checked;
      if (checked)
        answers.push(awaitedLater(checked.then((found) => (found.length > 0 ? failed(i, found) : undefined))));
      const side = { label, models: modelled.models, plans: planPackages(modelled.models) };
      onLoaded?.(side, i);
      loaded[i] = side;
    } catch (e) {
      // A plan made before the checks answered is of files they may reject: their problems come first.
      if (checked && (await checked).length > 0) continue; // reported by its answer
      if (!(e instanceof SchemaError)) throw e;
      failed(i, e.diagnostics);
    }
  }
  await Promise.all(answers);
  // A side found clean where it differs from a first side that is not clean is checked again, in full.
  if (problems[0]!.length > 0)
    for (const [i, { dir }] of sides.entries())
      if (i > 0 && dir && problems[i]!.length === 0)
        try {
          loadModels(dir, { cache: cache.nextRun(false) });
        } catch (e) {
          if (!(e instanceof SchemaError)) throw e;
          failed(i, e.diagnostics);
        }
  if (problems.some((p) => p.length > 0)) throw new DiffError(problems.flat().join("\n"));
  return loaded;
}
