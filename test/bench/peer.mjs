// `make bench`, beside the leading peer: our cold regeneration of the 2,000-entity synthetic provider
// (run.mjs's) against openapi-typescript's on an equivalent OpenAPI 3.0 document, in one run, with
// the bound the project holds to: ours at most 0.8 of theirs (median wall times).
// The OpenAPI document is derived from the very YAML synthetic.mjs writes (its per-entity text,
// parsed and translated field by field), so the two inputs stay equivalent when it changes.
// Every run is a new process; the two tools alternate, round by round, which of them goes first, so
// that a machine busier for part of the bench weighs on both.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Document, parse, visit } from "yaml";
import { lookupYaml, partYaml, providerYaml, resourceYaml, syntheticCounts, writeSynthetic } from "./synthetic.mjs";
import { printLoad } from "./load.mjs";
import { printTable } from "./table.mjs";

printLoad("start");

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const CLI = join(ROOT, "build/generator/cli.js");
const PEER = join(ROOT, "node_modules/.bin/openapi-typescript");
const PEER_VERSION = JSON.parse(
  readFileSync(join(ROOT, "node_modules/openapi-typescript/package.json"), "utf8"),
).version;
const ROUNDS = 5;
const BOUND = 0.8;
const work = mkdtempSync(join(tmpdir(), "sdkgen-bench-peer-"));
// Removed however the bench ends, a failed run included.
process.on("exit", () => rmSync(work, { recursive: true, force: true }));

// ---- The equivalent OpenAPI 3.0 document ----

// Our formats as OpenAPI's: a named format where there is one, else the pattern it checks.
const FORMATS = {
  "datetime-ymd-hms": { format: "date-time" },
  iso8601: { format: "date-time" },
  mac: { pattern: "^[0-9A-Fa-f]{2}(:[0-9A-Fa-f]{2}){5}$" },
};

/** One field of a schema as an OpenAPI schema object: its type, constraints, description and flags. */
function fieldSchema(f) {
  let s;
  if (f.type === "object" && f.ref) {
    const ref = { $ref: `#/components/schemas/${f.ref}` };
    // In OpenAPI 3.0 a $ref's siblings are ignored: a description goes beside it in an allOf.
    s = f.description ? { allOf: [ref] } : ref;
  } else if (f.type === "object") s = objectSchema(f.fields, (g) => g.mode === "required" || g.guaranteed);
  else if (f.type === "list") s = { type: "array", items: fieldSchema(f.items) };
  else if (f.type === "map") s = { type: "object", additionalProperties: fieldSchema(f.values) };
  else s = { type: f.type };
  if (f.description) s.description = f.deprecated ? `${f.description} Deprecated: ${f.deprecated}` : f.description;
  if (f.enum) s.enum = f.enum;
  // Known values leave the field open: one of them, or any string.
  if (f.knownValues) s.anyOf = [{ type: "string", enum: f.knownValues }, { type: "string" }];
  if (f.notOneOf) s.not = { enum: f.notOneOf };
  for (const k of ["minimum", "maximum", "minLength", "maxLength", "maxItems", "default"])
    if (f[k] !== undefined) s[k] = f[k];
  if (f.format) Object.assign(s, FORMATS[f.format]);
  if (f.secret) s.format = "password";
  if (f.mode === "output") s.readOnly = true;
  if (f.deprecated) s.deprecated = true;
  if (f.replaceOnChange) s["x-replace-on-change"] = f.replaceOnChange;
  return s;
}

/** An object schema of `fields`, those `isRequired` accepts in its required list. */
function objectSchema(fields, isRequired, description) {
  const names = Object.keys(fields);
  const required = names.filter((n) => isRequired(fields[n]));
  return {
    type: "object",
    ...(description ? { description } : {}),
    ...(required.length ? { required } : {}),
    properties: Object.fromEntries(names.map((n) => [n, fieldSchema(fields[n])])),
  };
}

const pick = (fields, keep) => Object.fromEntries(Object.entries(fields).filter(([, f]) => keep(f)));
const json = (schema) => ({ content: { "application/json": { schema } } });
const ref = (name) => ({ $ref: `#/components/schemas/${name}` });

/**
 * The synthetic provider of `count` entities (synthetic.mjs's text, parsed) as one OpenAPI 3.0
 * document: each shared type a component schema; each resource an Args schema (what a user sets) and
 * a State schema (all of it, outputs read-only) and the paths of its operations (create, read,
 * update, delete, list) referring to them; each lookup a GET of its path with its inputs as path and
 * query parameters and a Result schema of its outputs.
 */
function openApiDocument(count) {
  const { types, resources, lookups } = syntheticCounts(count);
  const provider = parse(providerYaml());
  const schemas = {};
  const paths = {};
  const operation = (path, method, op) => ((paths[path] ??= {})[method.toLowerCase()] = op);
  for (let i = 0; i < types; i++) {
    const t = parse(partYaml(i));
    schemas[t.name] = objectSchema(t.fields, (f) => f.mode === "required", t.description);
  }
  for (let i = 0; i < resources; i++) {
    const r = parse(resourceYaml(i, types));
    const args = `${r.name}Args`;
    const state = `${r.name}State`;
    schemas[args] = objectSchema(
      pick(r.fields, (f) => f.mode !== "output"),
      (f) => f.mode === "required",
      `The arguments of ${r.name}: ${r.description}`,
    );
    // The state: the arguments and the outputs (each field described once, as in the YAML).
    schemas[state] = {
      description: r.description,
      allOf: [
        ref(args),
        objectSchema(
          pick(r.fields, (f) => f.mode === "output"),
          (f) => f.guaranteed,
        ),
      ],
    };
    const idParam = { name: "id", in: "path", required: true, schema: { type: "string" }, description: "Its id." };
    const ops = {
      create: {
        requestBody: { required: true, ...json(ref(args)) },
        responses: { 201: { description: "Created.", ...json(ref(state)) } },
      },
      read: {
        responses: { 200: { description: "The thing.", ...json(ref(state)) }, 404: { description: "None such." } },
      },
      update: {
        requestBody: { required: true, ...json(ref(args)) },
        responses: { 200: { description: "Updated.", ...json(ref(state)) } },
      },
      delete: { responses: { 204: { description: "Deleted." } } },
      list: { responses: { 200: { description: "All of them.", ...json({ type: "array", items: ref(state) }) } } },
    };
    for (const [name, { method, path }] of Object.entries(r.operations))
      operation(path, method, {
        operationId: `${name}${r.name}`,
        summary: `${name} ${r.name}.`,
        ...(path.includes("{id}") ? { parameters: [idParam] } : {}),
        ...ops[name],
      });
  }
  for (let i = 0; i < lookups; i++) {
    const l = parse(lookupYaml(i, types));
    const [path, query = ""] = l.operation.path.split("?");
    const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    const inQuery = [...query.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    const parameter = (name, where) => {
      const { description, ...schema } = fieldSchema(l.inputs[name]);
      return { name, in: where, required: where === "path" || l.inputs[name].mode === "required", description, schema };
    };
    const result = `${l.name[0].toUpperCase()}${l.name.slice(1)}Result`;
    schemas[result] = objectSchema(l.outputs, (f) => f.guaranteed, `The result of ${l.name}: ${l.description}`);
    operation(path, "GET", {
      operationId: l.name,
      summary: l.description,
      parameters: [...inPath.map((n) => parameter(n, "path")), ...inQuery.map((n) => parameter(n, "query"))],
      responses: { 200: { description: l.description, ...json(ref(result)) } },
    });
  }
  return {
    openapi: "3.0.3",
    info: { title: provider.name, description: provider.description, version: provider.package.version },
    servers: [
      {
        url: "https://{region}.synth.example",
        variables: {
          region: { default: provider.config.region.default, description: provider.config.region.description },
        },
      },
    ],
    security: [{ token: [] }],
    paths,
    components: {
      securitySchemes: { token: { type: "http", scheme: "bearer", description: provider.config.token.description } },
      schemas,
    },
  };
}

// ---- The runs ----

/** CPU time (user + system, s) of this process's children that have been waited for: /proc/self/stat's cutime and cstime. */
function childrenCpu() {
  if (!existsSync("/proc/self/stat")) return NaN;
  const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1].split(" ");
  return (Number(fields[13]) + Number(fields[14])) / 100; // USER_HZ: 100 on Linux
}

/** One run of `args` in a new process: wall time, CPU time (its worker threads' included) and what it printed. */
function timed(what, args) {
  const cpuBefore = childrenCpu();
  const started = performance.now();
  const r = spawnSync(process.execPath, args, { cwd: ROOT, encoding: "utf8", maxBuffer: 1 << 26 });
  const wall = (performance.now() - started) / 1000;
  if (r.status !== 0) throw new Error(`${what} failed (${r.status}):\n${r.stdout}\n${r.stderr}`);
  return { wall, cpu: childrenCpu() - cpuBefore, printed: `${r.stdout}${r.stderr}` };
}

/** Files and bytes under `path` (a file or a folder). */
function size(path) {
  if (!statSync(path).isDirectory()) return { files: 1, bytes: statSync(path).size };
  let files = 0;
  let bytes = 0;
  for (const entry of readdirSync(path, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) {
      files++;
      bytes += statSync(join(entry.parentPath, entry.name)).size;
    }
  return { files, bytes };
}

const schemasDir = join(work, "schemas");
const counts = writeSynthetic(schemasDir);
const docPath = join(work, "synth.openapi.yaml");
const doc = openApiDocument(counts.types + counts.resources + counts.lookups);
// Written in the YAML schemas' style: a collection that fits on a line in flow style ({ type: string,
// … }), the rest in block style; no anchors and aliases (a value used twice is written twice).
const yamlDoc = new Document(doc, { aliasDuplicateObjects: false });
visit(yamlDoc, {
  Collection(_, node) {
    if (JSON.stringify(node.toJSON()).length > 120) return undefined;
    node.flow = true;
    return visit.SKIP;
  },
});
writeFileSync(docPath, yamlDoc.toString({ lineWidth: 0 }));
const inputs = { ours: size(schemasDir), theirs: size(docPath) };
const kib = (bytes) => `${(bytes / 1024).toFixed(0)} KiB`;
console.log(
  `input, ours: ${inputs.ours.bytes} bytes (${kib(inputs.ours.bytes)}) of YAML schemas in ${inputs.ours.files} files` +
    ` (${counts.resources} resources, ${counts.lookups} lookups, ${counts.types} types)`,
);
console.log(
  `input, theirs: ${inputs.theirs.bytes} bytes (${kib(inputs.theirs.bytes)}), one OpenAPI 3.0 YAML document` +
    ` (${Object.keys(doc.paths).length} paths, ${Object.keys(doc.components.schemas).length} component schemas)`,
);

// Each run writes a folder (or file) of its own, none removed until the end: see run.mjs on ext4's
// cost of creating files right after removing many.
const ours = (i) =>
  timed("sdkgen generate", [CLI, "generate", "--no-cache", "--schemas", schemasDir, "--out", join(work, `ours-${i}`)]);
const theirs = (i) => timed("openapi-typescript", [PEER, docPath, "-o", join(work, `theirs-${i}`, "synth.d.ts")]);
const runs = { ours: [], theirs: [] };
for (let i = 0; i < ROUNDS; i++)
  for (const who of i % 2 ? ["theirs", "ours"] : ["ours", "theirs"])
    runs[who].push((who === "ours" ? ours : theirs)(i));
const outputs = { ours: size(join(work, "ours-0")), theirs: size(join(work, "theirs-0", "synth.d.ts")) };
// The peer reports its own time too ("… → synth.d.ts [1.2s]"); a warning of its would show here.
const peerSaid = runs.theirs[0].printed.trim();

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const rows = [];
const row = (figure, values, unit, bound, digits = 2) => {
  const value = median(values);
  rows.push([
    figure,
    `${value.toFixed(digits)}${unit ? ` ${unit}` : ""}`,
    values.map((v) => v.toFixed(digits)).join(" "),
    bound ? `${bound}${unit ? ` ${unit}` : ""}` : "",
    bound ? (value <= bound ? "ok" : "OVER") : "",
  ]);
};
const wall = (who) => runs[who].map((r) => r.wall);
const cpu = (who) => runs[who].map((r) => r.cpu);
/** Ours / theirs: the ratio of the medians (3 digits: 0.804 is over 0.8), each round's ratio in the runs column. */
const ratioRow = (figure, ours, theirs, bound) => {
  const ratio = median(ours) / median(theirs);
  rows.push([
    figure,
    ratio.toFixed(3),
    ours.map((o, i) => (o / theirs[i]).toFixed(2)).join(" "),
    bound ? `${bound}` : "",
    bound ? (ratio <= bound ? "ok" : "OVER") : "",
  ]);
};
row("2,000 entities, cold, ours (sdkgen generate --no-cache)", wall("ours"), "s");
row(`2,000 entities, cold, theirs (openapi-typescript ${PEER_VERSION})`, wall("theirs"), "s");
ratioRow("ours / theirs", wall("ours"), wall("theirs"), BOUND);
// The rounds' own ratios, each of two runs made close together: on a machine whose load changes during
// the bench this can differ from the ratio of the medians (the bound's), and says how much it moved.
const rounds = wall("ours").map((o, i) => o / wall("theirs")[i]);
rows.push(["ours / theirs, median of the rounds' ratios", median(rounds).toFixed(3), "", "", ""]);
// CPU time: what a busy machine changes least. Ours spreads its rendering over worker threads, so on
// an idle machine of several cores its wall time is well under its CPU time; on a busy one it is not.
row("CPU (user + system), ours", cpu("ours"), "s");
row("CPU (user + system), theirs", cpu("theirs"), "s");
ratioRow("CPU, ours / theirs", cpu("ours"), cpu("theirs"));

printTable(rows);
console.log(
  `\noutput, ours: ${outputs.ours.files} files, ${outputs.ours.bytes} bytes (${kib(outputs.ours.bytes)});` +
    ` theirs: 1 file, ${outputs.theirs.bytes} bytes (${kib(outputs.theirs.bytes)})`,
);
console.log(`openapi-typescript's first run printed:\n${peerSaid}`);
printLoad("end");
