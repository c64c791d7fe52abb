import { resolve } from "node:path";
import type { Values } from "../args.js";
import { cacheFolder } from "../folders.js";
import type { DIFF_OPTIONS } from "../options.js";
import { DiffError } from "./gitRefs.js";
import { renderJson } from "./render/json.js";
import { renderMarkdown } from "./render/markdown.js";
import { renderSummary } from "./render/summary.js";
import { buildReport } from "./report.js";
import { Store } from "../pipeline.js";
import { loadSides, locate, Workspace, type Located, type SideSpec } from "./sides.js";
import { requiredText } from "./render/versionText.js";
import { severityRank, type Change, type DiffReport, type Severity } from "./types.js";

type Options = ReturnType<typeof diffOptions>;

function diffOptions(v: Values<typeof DIFF_OPTIONS>) {
  const one = (a: "base" | "head" | "json", b: "old" | "new" | "summary", why: string) => {
    if (v[a] && v[b]) throw new DiffError(`--${a} and --${b} ${why}`);
  };
  one("base", "old", "both name the old side: give one");
  one("head", "new", "both name the new side: give one");
  one("json", "summary", "exclude each other");
  const side = (ref: string | undefined, dir: string | undefined): SideSpec | undefined =>
    dir !== undefined ? { dir } : ref !== undefined ? { ref } : undefined;
  const levels = v["fail-on"].filter((l): l is Severity => l !== "version");
  return {
    // The project's generator cache, read through a copy; undefined with --no-cache.
    cache: cacheFolder(v),
    schemas: resolve(v.schemas ?? "schemas"),
    base: side(v.base, v.old) ?? { defaultBase: true },
    head: side(v.head, v.new),
    render: v.json ? renderJson : v.summary ? renderSummary : renderMarkdown,
    failOn: levels.sort((x, y) => severityRank(y) - severityRank(x))[0],
    failOnVersion: v["fail-on"].includes("version"),
  };
}

/** Whether a --fail-on condition holds; each package whose version is too low is named on stderr. */
function failed(report: DiffReport, options: Options): boolean {
  const severe = (c: Change) =>
    options.failOn !== undefined && severityRank(c.severity) <= severityRank(options.failOn);
  const tooLow = options.failOnVersion ? Object.entries(report.versions).filter(([, v]) => !v.satisfied) : [];
  for (const [pkg, v] of tooLow)
    console.error(
      `sdkgen diff: ${pkg}: version ${v.head} is too low for these changes: semantic versioning requires at least ${requiredText(v)}; set package.version in ${pkg}/provider.yaml`,
    );
  return report.changes.some(severe) || tooLow.length > 0;
}

/** The working tree's side: its problems read as `schemas/…`, as `validate` prints them. */
function workingTree(schemaDir: string, ws: Workspace): Located {
  const { shownAs: _absolute, ...located } = locate({ dir: schemaDir }, schemaDir, ws);
  return { ...located, label: "working tree" };
}

/** `sdkgen diff`: the report on stdout; exit 0, 1 when a `--fail-on` condition holds, 2 when it cannot compare. */
export async function runDiff(values: Values<typeof DIFF_OPTIONS>): Promise<number> {
  const options = diffOptions(values);
  const ws = new Workspace();
  try {
    const base = locate(options.base, options.schemas, ws);
    const head = options.head ? locate(options.head, options.schemas, ws) : workingTree(options.schemas, ws);
    // The project's cache is read, never written: what `make` parsed is not parsed again.
    const [oldSide, newSide] = loadSides([base, head], Store.open(options.cache).begin());
    const report = await buildReport(oldSide!, newSide!);
    process.stdout.write(options.render(report));
    return failed(report, options) ? 1 : 0;
  } finally {
    ws.close();
  }
}
