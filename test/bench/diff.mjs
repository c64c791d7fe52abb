// `make bench`, second part: schema-diff figures, each printed beside the bound the project holds to.
// Every run is `sdkgen diff` in a new process. "Cold" runs pass --no-cache (nothing parsed or compiled
// before); default runs read a copy of the project's generator cache, as after `make`.
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { writeSynthetic } from "./synthetic.mjs";
import { printLoad } from "./load.mjs";
import { printTable } from "./table.mjs";

printLoad("start");

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const CLI = join(ROOT, "build/generator/cli.js");
const work = mkdtempSync(join(tmpdir(), "sdkgen-bench-diff-"));

/** One diff in a fresh process: wall time and the output. */
function diff(...args) {
  const started = performance.now();
  const r = spawnSync(process.execPath, [CLI, "diff", ...args], { cwd: ROOT, encoding: "utf8", maxBuffer: 1 << 28 });
  const wall = (performance.now() - started) / 1000;
  if (r.status !== 0) throw new Error(`diff failed (${r.status}):\n${r.stderr}`);
  return { wall, out: r.stdout };
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const rows = [];
const row = (figure, runs, unit, bound, digits = 2) => {
  const value = median(runs);
  rows.push([
    figure,
    `${value.toFixed(digits)} ${unit}`,
    runs.map((r) => r.toFixed(digits)).join(" "),
    bound ? `${bound} ${unit}` : "",
    bound ? (value <= bound ? "ok" : "OVER") : "",
  ]);
};
const edit = (file, from, to) => {
  const text = readFileSync(file, "utf8");
  if (!text.includes(from)) throw new Error(`${file} does not contain ${from}`);
  writeFileSync(file, text.replace(from, to));
};

// Both real providers against a copy with a few edits of different kinds.
const realOld = join(work, "real-old");
const realNew = join(work, "real-new");
cpSync(join(ROOT, "schemas"), realOld, { recursive: true });
cpSync(join(ROOT, "schemas"), realNew, { recursive: true });
const port = join(realNew, "netsvc/resources/port.yaml");
edit(port, "- { value: 400000,", "- { value: 800000,");
edit(join(realNew, "netsvc/provider.yaml"), "env: NETSVC_ACCESS_KEY", "env: NETSVC_KEY");
const real = [];
const realCold = [];
let realSummary = "";
for (let i = 0; i < 5; i++) {
  const r = diff("--old", realOld, "--new", realNew, "--summary");
  real.push(r.wall);
  realSummary = r.out.trim();
  realCold.push(diff("--old", realOld, "--new", realNew, "--summary", "--no-cache").wall);
}
row("both providers, 2 fields edited", real, "s", 1);
row("both providers, 2 fields edited, cold", realCold, "s", 1);

// Two synthetic providers of 2,000 entities; the second edits 500 of them, ten kinds of edit.
const synthOld = join(work, "synth-old");
const synthNew = join(work, "synth-new");
const counts = writeSynthetic(synthOld, 2000);
cpSync(synthOld, synthNew, { recursive: true });
const EDITS = [
  ["enum: [1000, 10000, 100000]", "enum: [1000, 10000]"], // enum narrowed
  ["default: false", "default: true"], // default changed
  ["secret: true, replaceOnChange", "replaceOnChange"], // secret removed
  ["note: { type: string, mode: optional,", "note: { type: string, mode: optional, replaceOnChange: Notes are fixed.,"],
  ["note: { type: string, mode: optional,", "note: { type: string, mode: required,"], // made required
  ["maximum: 4093", "maximum: 4000"], // bounds tightened
  ["  mac: { type: string, mode: optional, format: mac, description: MAC address. }\n", ""], // field removed
  ["  uid: {", "  extra: { type: string, mode: optional, description: Extra. }\n  uid: {"], // field added
  ["note: { type: string, mode: optional,", "note: { type: string, mode: optional, deprecated: Use name.,"],
  ["  created: { type: string, mode: output, format: iso8601, description: Creation time. }\n", ""], // output removed
];
const things = readdirSync(join(synthNew, "synth/resources")).sort();
for (let i = 0; i < 450; i++) edit(join(synthNew, "synth/resources", things[i]), ...EDITS[i % EDITS.length]);
const lookups = readdirSync(join(synthNew, "synth/lookups")).sort();
for (let i = 0; i < 50; i++) edit(join(synthNew, "synth/lookups", lookups[i]), "enum: [a, b, c]", "enum: [a, b]");
const synth = [];
let markdownBytes = 0;
let synthSummary = "";
for (let i = 0; i < 5; i++) {
  const r = diff("--old", synthOld, "--new", synthNew, "--no-cache");
  synth.push(r.wall);
  markdownBytes = Buffer.byteLength(r.out);
}
synthSummary = diff("--old", synthOld, "--new", synthNew, "--no-cache", "--summary").out.trim();
row(
  `2,000 entities (${counts.resources} resources, ${counts.lookups} lookups, ${counts.types} types), 500 edited, cold`,
  synth,
  "s",
  5,
);
row("2,000 entities, 500 edited: Markdown report", [markdownBytes / 1024], "KB", 60, 1);

printTable(rows);
console.log(`\nboth providers: ${realSummary}\n2,000 entities: ${synthSummary}`);
rmSync(work, { recursive: true, force: true });
printLoad("end");
