import { resolve } from "node:path";
import { DiffError } from "./gitRefs.js";
import { renderJson } from "./render/json.js";
import { renderMarkdown } from "./render/markdown.js";
import { renderSummary } from "./render/summary.js";
import { buildReport } from "./report.js";
import { SideModules } from "./modules.js";
import { modulesReading } from "./prefetch.js";
import { preparse } from "./preparse.js";
import { changedFiles, readSchemaTree } from "./schemaFiles.js";
import { WorkerPrinter } from "./printer.js";
import { loadSides, locate, Workspace, type Located, type SideSpec } from "./sides.js";
import { severityRank, type Severity } from "./types.js";

export const DIFF_USAGE = `  diff                  compare the schemas at two git refs or folders; print what changed for users
      [--base REF | --old DIR]       old side (default: the merge base of HEAD with main)
      [--head REF | --new DIR]       new side (default: the working tree's --schemas folder)
      [--json | --summary]           the full report as JSON, or one line (default: Markdown)
      [--fail-on breaking|warning]   exit 1 when changes this severe or worse exist
      reads a copy of the --cache folder and never writes it`;

interface Options {
  /** The project's generator cache, read through a copy; undefined with --no-cache. */
  readonly cache: string | undefined;
  readonly base: SideSpec;
  readonly head: SideSpec | undefined;
  readonly format: "markdown" | "json" | "summary";
  readonly failOn: Severity | undefined;
}

function parse(args: readonly string[]): Options {
  const values = new Map<string, string>();
  const flags = new Set<string>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (["--json", "--summary", "--no-cache"].includes(arg)) flags.add(arg);
    else if (["--base", "--head", "--old", "--new", "--fail-on", "--schemas", "--cache"].includes(arg)) {
      const value = args[++i];
      if (value === undefined || value.startsWith("--")) throw new DiffError(`${arg} needs a value`);
      values.set(arg, value);
    } else throw new DiffError(`unknown option ${arg}`);
  }
  const one = (a: string, b: string) => {
    if (values.has(a) && values.has(b)) throw new DiffError(`${a} and ${b} both name the same side: give one`);
  };
  one("--base", "--old");
  one("--head", "--new");
  if (flags.has("--json") && flags.has("--summary")) throw new DiffError("--json and --summary exclude each other");
  const failOn = values.get("--fail-on");
  if (failOn !== undefined && failOn !== "breaking" && failOn !== "warning")
    throw new DiffError(`--fail-on takes breaking or warning (got "${failOn}")`);
  const side = (ref: string, dir: string): SideSpec | undefined =>
    values.has(dir) ? { dir: values.get(dir)! } : values.has(ref) ? { ref: values.get(ref)! } : undefined;
  return {
    cache: flags.has("--no-cache") ? undefined : resolve(values.get("--cache") ?? "node_modules/.cache/sdkgen"),
    base: side("--base", "--old") ?? { defaultBase: true },
    head: side("--head", "--new"),
    format: flags.has("--json") ? "json" : flags.has("--summary") ? "summary" : "markdown",
    failOn,
  };
}

/** The working tree's side: its problems read as `schemas/…`, as `validate` prints them. */
function workingTree(schemaDir: string, ws: Workspace): Located {
  const { shownAs: _absolute, ...located } = locate({ dir: schemaDir }, schemaDir, ws);
  return { ...located, label: "working tree" };
}

/**
 * `sdkgen diff`: the report on stdout; exit 0, or 1 when `--fail-on` finds changes that severe, or 2
 * when the command cannot compare (bad option, unknown ref, schema problems on either side).
 */
export async function runDiff(args: readonly string[], schemaDir: string): Promise<number> {
  const ws = new Workspace();
  let printer: WorkerPrinter | undefined;
  try {
    const options = parse(args);
    // Started now, so it loads ts-morph while this thread reads the schemas. One thread only: on two
    // cores a second printer slowed the whole run down more than its share of printing saved.
    printer = new WorkerPrinter();
    ws.seedCache(options.cache);
    const base = locate(options.base, schemaDir, ws);
    const head = options.head ? locate(options.head, schemaDir, ws) : workingTree(schemaDir, ws);
    const trees = [base, head].map((side) => (side.dir ? readSchemaTree(side.dir) : undefined));
    await preparse(
      trees.flatMap((t) => (t ? [t] : [])),
      ws.cacheDir,
    );
    // Each side's modules that read a changed file are printed as soon as the side is loaded: the old
    // side's while the new one loads, the new side's while this thread computes keys and compares.
    const changed = changedFiles(trees[0], trees[1]);
    const modules: SideModules[] = [];
    const [oldSide, newSide] = loadSides([base, head], ws, (side, index) => {
      modules[index] = new SideModules(side.plans, printer!.print);
      for (const plan of side.plans) modules[index].request(plan.model.provider.name, modulesReading(plan, changed));
    });
    const report = await buildReport(oldSide!, newSide!, { old: modules[0]!, new: modules[1]! });
    const render = { markdown: renderMarkdown, json: renderJson, summary: renderSummary }[options.format];
    process.stdout.write(render(report));
    const failing = (c: { severity: Severity }) =>
      options.failOn !== undefined && severityRank(c.severity) <= severityRank(options.failOn);
    return report.changes.some(failing) ? 1 : 0;
  } catch (e) {
    if (!(e instanceof DiffError)) throw e;
    console.error(`sdkgen diff: ${e.message}`);
    return 2;
  } finally {
    ws.close();
    await printer?.close();
  }
}
