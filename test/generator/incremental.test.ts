import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import { writeSynthetic } from "../bench/synthetic.mjs";
import { BASE, schemaTree } from "./schemaTree.js";
import { fromBuild } from "../fromBuild.js";

// The watch regenerates from what the previous run kept (parsed files, the meta-schema's verdicts,
// the key of every output), and a new process from what the cache kept. Whatever they keep, after any
// edit the tree must be the one a fresh run writes, and the problems the ones a fresh run reports.
// Edits, each followed by both. More runs:
// INCREMENTAL_RUNS=500; a failing sequence again: INCREMENTAL_SEED=<seed>, each step printed with
// INCREMENTAL_VERBOSE=1.

// The watch runs its render workers from the build, as the CLI does.
type Pipeline = typeof import("../../generator/pipeline.js");
type Diagnostics = typeof import("../../generator/diagnostics.js");
const SCHEMAS = fileURLToPath(new URL("../../schemas", import.meta.url));
const RUNS = Number(process.env.INCREMENTAL_RUNS ?? 30);

/** A seeded PRNG (mulberry32), so a failing sequence can be replayed from its seed. */
function random(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(list: readonly T[]): T | undefined => list[Math.floor(next() * list.length)];
  return { next, pick };
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/** Every field map of a schema document, nested inline objects included. */
function fieldMaps(doc: Json): { key: string; fields: Json }[] {
  const out: { key: string; fields: Json }[] = [];
  const walk = (key: string, fields: unknown) => {
    if (!isObject(fields)) return;
    out.push({ key, fields });
    for (const f of Object.values(fields))
      if (isObject(f)) for (const spec of [f, f.items, f.values]) if (isObject(spec)) walk("nested", spec.fields);
  };
  for (const key of ["fields", "inputs", "outputs", "config"]) walk(key, doc[key]);
  return out;
}

type Edit = (doc: Json, r: ReturnType<typeof random>, names: readonly string[]) => boolean;

/** Edits a maintainer makes, each on a parsed document; false when it does not apply to this one. */
const EDITS: Record<string, Edit> = {
  description: (doc) => typeof doc.description === "string" && ((doc.description += " Edited."), true),
  fieldDescription: (doc, r) => {
    const f = anyField(doc, r);
    return !!f && typeof f.description === "string" && ((f.description += " Edited."), true);
  },
  bound: (doc, r) => {
    const f = anyField(doc, r, (f) => ["maxLength", "maximum", "maxItems", "minimum"].some((k) => k in f));
    const k = f && ["maxLength", "maximum", "maxItems", "minimum"].find((k) => typeof f[k] === "number");
    return !!k && ((f![k] = (f![k] as number) + 1), true);
  },
  // Breaks a rule (bounds) where the last run's rules passed: their verdict must not be taken again.
  crossBounds: (doc, r) => {
    const f = anyField(doc, r, (f) => typeof f.maxLength === "number" || typeof f.maximum === "number");
    if (!f) return false;
    const [low, high] = typeof f.maxLength === "number" ? ["minLength", "maxLength"] : ["minimum", "maximum"];
    return ((f[low] = (f[high] as number) + 1), true);
  },
  enumValue: (doc, r) => {
    const f = anyField(doc, r, (f) => Array.isArray(f.enum));
    if (!f) return false;
    const values = f.enum as unknown[];
    if (values.length > 1 && r.next() < 0.4) values.pop();
    else values.push(typeof values[0] === "number" ? Math.max(...(values as number[])) + 1 : `extra${values.length}`);
    return true;
  },
  renameEnum: (doc, r) => {
    const f = anyField(doc, r, (f) => typeof f.enumName === "string");
    return !!f && ((f.enumName += "X"), true);
  },
  addField: (doc, r) => {
    const map = r.pick(fieldMaps(doc));
    if (!map) return false;
    const mode = map.key === "outputs" || map.key === "nested" ? {} : { mode: "optional" };
    map.fields[`extra${Math.floor(r.next() * 1000)}`] = { type: "string", ...mode, description: "Extra." };
    return true;
  },
  removeField: (doc, r) => {
    const map = r.pick(fieldMaps(doc));
    const name = map && r.pick(Object.keys(map.fields));
    return !!name && delete map!.fields[name];
  },
  mode: (doc, r) => {
    const f = anyField(doc, r, (f) => f.mode === "optional" || f.mode === "required");
    return !!f && ((f.mode = f.mode === "optional" ? "required" : "optional"), true);
  },
  secret: (doc, r) => {
    const f = anyField(doc, r, (f) => f.type === "string");
    return !!f && ((f.secret = !f.secret), true);
  },
  deprecate: (doc, r) => {
    const f = anyField(doc, r);
    return !!f && ((f.deprecated = "Going away."), true);
  },
  ref: (doc, r, names) => {
    const f = anyField(doc, r, (f) => typeof f.ref === "string");
    const to = r.pick(names);
    return !!f && !!to && ((f.ref = to), true);
  },
  version: (doc, r) => isObject(doc.package) && ((doc.package.version = `1.${Math.floor(r.next() * 100)}.0`), true),
  displayName: (doc) => doc.kind === "provider" && ((doc.displayName = `${String(doc.name)} edited`), true),
  rename: (doc) => typeof doc.name === "string" && ((doc.name += "Renamed"), true),
  // What a document's part of the model reads beyond itself: the provider's wire case, the groups it includes.
  wireCase: (doc) => {
    const cases = ["camel", "snake", "pascal"];
    return doc.kind !== "group" && ((doc.wireCase = cases[(cases.indexOf(String(doc.wireCase)) + 2) % 3]), true);
  },
  include: (doc, r, names) => {
    if (!Array.isArray(doc.include) || doc.include.length === 0) return false;
    doc.include = r.next() < 0.5 ? doc.include.slice(1) : [...doc.include, r.pick(names)];
    return true;
  },
};

function anyField(doc: Json, r: ReturnType<typeof random>, when: (f: Json) => boolean = () => true): Json | undefined {
  const all = fieldMaps(doc).flatMap(({ fields }) => Object.values(fields).filter(isObject));
  const specs = all.flatMap((f) => [f, ...[f.items, f.values].filter(isObject)]);
  return r.pick(specs.filter(when));
}

const files = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .sort();

describe("incremental regeneration (generate --watch)", () => {
  let pipeline: Pipeline;
  let diagnostics: Diagnostics;
  const work = mkdtempSync(join(tmpdir(), "sdkgen-incremental-"));
  const schemas = join(work, "schemas");
  const out = join(work, "out");
  let session: InstanceType<Pipeline["Regeneration"]>;

  beforeAll(async () => {
    pipeline = await fromBuild<Pipeline>("pipeline.js");
    diagnostics = await fromBuild<Diagnostics>("diagnostics.js");
    cpSync(SCHEMAS, schemas, { recursive: true });
    writeSynthetic(schemas, 60);
    session = new pipeline.Regeneration(schemas, out, join(work, "cache"));
  });
  afterAll(() => session?.close());

  /** What a fresh run over `dir` writes for each provider, or the problems it reports. */
  async function fresh(dir: string): Promise<{ files: Map<string, string> } | { problems: readonly unknown[] }> {
    try {
      const generated = await pipeline.generatePackages(pipeline.loadModels(dir));
      return {
        files: new Map(generated.flatMap((p) => [...p.files].map(([path, text]) => [`${p.name}/${path}`, text]))),
      };
    } catch (e) {
      if (!(e instanceof diagnostics.SchemaError)) throw e;
      return { problems: e.diagnostics };
    }
  }

  /**
   * A run of the watch's session over `dir`, held to a fresh run: the same problems, or the same tree
   * in `into`. Returns the problems (none: an empty list).
   */
  async function agree(
    watch: InstanceType<Pipeline["Regeneration"]>,
    dir: string,
    into: string,
    step: string,
  ): Promise<readonly unknown[]> {
    const expected = await fresh(dir);
    let problems: readonly unknown[] = [];
    try {
      await watch.run(false);
    } catch (e) {
      if (!(e instanceof diagnostics.SchemaError)) throw e;
      problems = e.diagnostics;
    }
    if ("problems" in expected) {
      expect(problems, step).toEqual(expected.problems);
      return problems;
    }
    expect(problems, step).toEqual([]);
    const written = new Map(files(into).map((f) => [relative(into, f), readFileSync(f, "utf8")]));
    expect([...written.keys()], step).toEqual([...expected.files.keys()].sort());
    for (const [path, text] of expected.files) expect(written.get(path), `${step}: ${path}`).toBe(text);
    return problems;
  }

  it(
    "after every edit, writes what a fresh run writes, or reports what it reports",
    async () => {
      const seed = Number(process.env.INCREMENTAL_SEED ?? Date.now() % 100_000);
      // Printed first: a failure that is not an assertion of a step's (which names the seed) keeps it too.
      console.log(`seed ${seed}: replay with INCREMENTAL_SEED=${seed}`);
      const r = random(seed);
      const originals = new Map(files(schemas).map((f) => [f, readFileSync(f, "utf8")]));
      const schemaFiles = [...originals.keys()].filter((f) => f.endsWith(".yaml") && !f.includes("/meta/"));
      const providerFiles = schemaFiles.filter((f) => f.endsWith("/provider.yaml"));
      const typeFiles = schemaFiles.filter((f) => f.includes("/types/"));
      await session.run(false);
      let failed = 0;
      /** Each file as the last run that generated found it: an edit the checks refuse is undone next. */
      const good = new Map(originals);
      let refused: string | undefined;
      // First every kind of edit on a provider's file, a type's, a resource's and a lookup's; then random ones.
      const tour = ["synth/provider.yaml", "netsvc/types/", "synth/resources/", "cloudplat/lookups/"].flatMap(
        (prefix) => {
          const file = schemaFiles.find((f) => relative(schemas, f).startsWith(prefix))!;
          return Object.keys(EDITS).map((kind) => ({ file, kind }));
        },
      );
      for (let i = 0, random = 0; tour.length > 0 || random < RUNS || refused; i++) {
        let file: string;
        let what: string;
        if (refused) ((file = refused), (what = "undo"), writeFileSync(file, good.get(file)!));
        else {
          const planned = tour.shift();
          if (!planned) random++;
          // Shared files (a provider's, types) more often than their share: every entity depends on them.
          const roll = r.next();
          file = planned?.file ?? r.pick(roll < 0.1 ? providerFiles : roll < 0.35 ? typeFiles : schemaFiles)!;
          what = planned ? planned.kind : r.next() < 0.1 ? "restore" : r.next() < 0.05 ? "break" : "edit";
          if (what === "restore") writeFileSync(file, originals.get(file)!);
          else if (what === "break") writeFileSync(file, "fields: [\n");
          else {
            const doc = parse(readFileSync(file, "utf8")) as Json;
            // The types a `ref` may name: those of the file's provider (every file is readable here).
            const provider = relative(schemas, file).split("/")[0]!;
            const names = schemaFiles
              .filter((f) => f.includes(`/${provider}/types/`))
              .map((f) => (parse(readFileSync(f, "utf8")) as Json | null)?.name)
              .filter((n): n is string => typeof n === "string");
            // The planned edit, or the first kind, in a random order, that applies to this document.
            const kinds = planned
              ? [planned.kind]
              : Object.keys(EDITS)
                  .filter((k) => k !== "rename" || r.next() < 0.2)
                  .map((k) => [r.next(), k] as const)
                  .sort(([x], [y]) => x - y)
                  .map(([, k]) => k);
            what = kinds.find((k) => EDITS[k]!(doc, r, names)) ?? `${what} (none applies)`;
            writeFileSync(file, stringify(doc));
          }
        }
        refused = undefined;
        // Now and then a new process, as `generate` is: it starts from what the cache kept.
        const renew = r.next() < 0.25;
        const step = `seed ${seed}, edit ${i}: ${what} ${relative(schemas, file)}${renew ? " (new process)" : ""}`;
        if (renew) {
          await session.close();
          session = new pipeline.Regeneration(schemas, out, join(work, "cache"));
        }
        const problems = await agree(session, schemas, out, step);
        if (process.env.INCREMENTAL_VERBOSE) console.log(step, JSON.stringify(problems).slice(0, 300));
        if (problems.length > 0) (failed++, (refused = file));
        else good.set(file, readFileSync(file, "utf8"));
      }
      // Both paths were taken: edits the checks refuse, and edits that generate.
      expect(failed).toBeGreaterThan(0);
      console.log(`seed ${seed}: ${RUNS} random edits after the tour, ${failed} refused by the checks`);
    },
    60_000 + RUNS * 2_000,
  );

  // A document's part of the model reads the provider's wire case and the groups it includes: a watch
  // keeps each part by all of them (reuse/modelMemory.ts), and must remake it when one changes.
  it("a watch remakes what the provider's wire case and an included group reach", async () => {
    const tree = schemaTree({
      "demo/provider.yaml": BASE["demo/provider.yaml"]!,
      "demo/types/common.yaml":
        "version: 1\nkind: group\nname: Common\ndescription: Shared.\nfields:\n  zoneName: { type: string, mode: optional, description: Zone. }\n",
      "demo/resources/gadget.yaml": resource("Gadget").replace(
        "fields:\n",
        "include: [Common]\nfields:\n  portSpeed: { type: integer, mode: optional, description: Speed. }\n",
      ),
    });
    const into = join(tree, "../out");
    const watch = new pipeline.Regeneration(tree, into, undefined);
    const edit = (file: string, from: string, to: string) => {
      const path = join(tree, file);
      writeFileSync(path, readFileSync(path, "utf8").replace(from, to));
    };
    try {
      expect(await agree(watch, tree, into, "first run")).toEqual([]);
      edit("demo/provider.yaml", "envPrefix: DEMO", "envPrefix: DEMO\nwireCase: snake");
      expect(await agree(watch, tree, into, "the provider's wire case")).toEqual([]);
      edit("demo/types/common.yaml", "zoneName", "zoneCode");
      expect(await agree(watch, tree, into, "a field of the included group")).toEqual([]);
      edit("demo/resources/gadget.yaml", "include: [Common]\n", "");
      expect(await agree(watch, tree, into, "the group no longer included")).toEqual([]);
    } finally {
      await watch.close();
    }
  });

  // Edits of one resource that break a document left as it was.
  it.each(["a watch", "a process per run"])(
    "reports a problem an edit causes in another document (%s)",
    async (mode) => {
      const tiny = schemaTree({
        "demo/provider.yaml": BASE["demo/provider.yaml"]!,
        "demo/types/part.yaml": `version: 1
kind: object
name: Part
description: A part.
fields:
  size: { type: integer, mode: optional, replaceOnChange: Fixed., description: Size. }
`,
        "demo/resources/gadget.yaml": resource(
          "Gadget",
          "  part: { type: object, mode: optional, ref: Part, description: P. }\n",
        ),
        "demo/resources/gizmo.yaml": resource("Gizmo"),
      });
      const into = join(tiny, "../out");
      const start = () => new pipeline.Regeneration(tiny, into, join(tiny, "../cache"));
      let watch = start();
      /** The watch's next run, or a new process's. */
      const next = async () => {
        if (mode === "a watch") return watch;
        await watch.close();
        return (watch = start());
      };
      try {
        const gadget = join(tiny, "demo/resources/gadget.yaml");
        const before = readFileSync(gadget, "utf8");
        expect(await agree(await next(), tiny, into, "first run")).toEqual([]);
        const edits: [what: string, from: string, to: string, where: string][] = [
          // Part is then used as an output only, where replaceOnChange cannot be.
          ["part becomes an output", "mode: optional, ref: Part", "mode: output, ref: Part", "part.yaml"],
          // Term is declared again, in gizmo.yaml, with the earlier values.
          ["Term gets a value", "enum: [1, 2]", "enum: [1, 2, 3]", "gizmo.yaml"],
        ];
        for (const [what, from, to, where] of edits) {
          writeFileSync(gadget, before.replace(from, to));
          const problems = await agree(await next(), tiny, into, what);
          expect(JSON.stringify(problems), what).toContain(where);
          writeFileSync(gadget, before);
          expect(await agree(await next(), tiny, into, `${what}, undone`)).toEqual([]);
        }
        // Found in planning, where the model's nodes (read from the cache by a new process) must still
        // say where they are written.
        const clash = join(tiny, "demo/types/gadgetArgs.yaml");
        writeFileSync(clash, "version: 1\nkind: object\nname: GadgetArgs\ndescription: A clash.\nfields: {}\n");
        const problems = await agree(await next(), tiny, into, "a type named like Gadget's args");
        expect(JSON.stringify(problems)).toContain('"line":3');
        rmSync(clash);
        expect(await agree(await next(), tiny, into, "the clash removed")).toEqual([]);
      } finally {
        await watch.close();
      }
    },
  );

  it("a watch keeps a provider none of whose files changed, and still reports its clash with an edited one", async () => {
    const other = (text: string) =>
      text.replaceAll("demo", "other").replaceAll("Demo", "Other").replaceAll("DEMO", "OTHER");
    const tree = schemaTree({
      "demo/provider.yaml": BASE["demo/provider.yaml"]!,
      "demo/resources/gadget.yaml": resource("Gadget"),
      "other/provider.yaml": other(BASE["demo/provider.yaml"]!),
      "other/resources/gizmo.yaml": other(resource("Gizmo")),
    });
    const into = join(tree, "../out");
    const watch = new pipeline.Regeneration(tree, into, undefined);
    try {
      expect(await agree(watch, tree, into, "first run")).toEqual([]);
      const gadget = join(tree, "demo/resources/gadget.yaml");
      writeFileSync(gadget, readFileSync(gadget, "utf8").replace("A Gadget.", "A gadget, edited."));
      expect(await agree(watch, tree, into, "demo edited")).toEqual([]);
      expect(watch.explanation!.lines()).toContain(
        "  schema files of providers unchanged since the watch's last run: 2",
      );
      // other/ is kept; demo's provider file now names other's package.
      const provider = join(tree, "demo/provider.yaml");
      writeFileSync(
        provider,
        readFileSync(provider, "utf8").replace("package: { name: demo", "package: { name: other"),
      );
      const problems = await agree(watch, tree, into, "demo's package clashes with other's");
      expect(JSON.stringify(problems)).toContain('package name \\"other\\" is also provider');
    } finally {
      await watch.close();
    }
  });

  it("a new process parses only an edited file, and renders only the files its edit reaches", async () => {
    const files: Record<string, string> = { "demo/provider.yaml": BASE["demo/provider.yaml"]! };
    for (let i = 0; i < 12; i++) files[`demo/resources/gadget${i}.yaml`] = resource(`Gadget${i}`);
    const tree = schemaTree(files);
    const cacheDir = join(tree, "../cache");
    const first = new pipeline.Regeneration(tree, join(tree, "../out"), cacheDir);
    await agree(first, tree, join(tree, "../out"), "first run").finally(() => first.close());
    const edited = join(tree, "demo/resources/gadget3.yaml");
    writeFileSync(edited, readFileSync(edited, "utf8").replace("A Gadget3.", "A gadget, edited."));
    const second = new pipeline.Regeneration(tree, join(tree, "../out"), cacheDir);
    await agree(second, tree, join(tree, "../out"), "gadget3 edited").finally(() => second.close());
    const lines = second.explanation!.lines(100);
    expect(lines[0]).toMatch(
      /^incremental run: the cache in .*, as the last run left it; \d+ of \d+ generated files reused$/,
    );
    expect(lines).toContain("  schema files parsed: 1");
    expect(lines).toContain("  schema files whose parse was reused: 12");
    const rendered = lines.find((l) => l.startsWith("  demo: ") && l.includes("its input changed"))!;
    expect(rendered).toContain("src/resources/gadget3.ts");
    expect(rendered).toContain("docs/resources/gadget3.html");
    expect(rendered).not.toContain("gadget4");
  });

  /**
   * A one-gadget provider generated with a cache, whose file `alter` then changes; then the gadget
   * edited and generated again in a new session, which agree holds to a fresh run.
   */
  async function withAlteredCache(alter: (bytes: Buffer) => Buffer, step: string): Promise<string> {
    const tiny = schemaTree({
      "demo/provider.yaml": BASE["demo/provider.yaml"]!,
      "demo/resources/gadget.yaml": resource("Gadget"),
    });
    const into = join(tiny, "../out");
    const cacheDir = join(tiny, "../cache");
    const first = new pipeline.Regeneration(tiny, into, cacheDir);
    await agree(first, tiny, into, "first run").finally(() => first.close());
    const file = join(
      cacheDir,
      readdirSync(cacheDir).find((f) => /^cache-.*\.bin$/.test(f))!,
    );
    writeFileSync(file, alter(readFileSync(file)));
    const gadget = join(tiny, "demo/resources/gadget.yaml");
    writeFileSync(gadget, readFileSync(gadget, "utf8").replace("A Gadget.", "A gadget, edited."));
    const second = new pipeline.Regeneration(tiny, into, cacheDir);
    expect(await agree(second, tiny, into, step).finally(() => second.close())).toEqual([]);
    return second.explanation!.lines()[0]!;
  }

  it("a damaged cache costs a full run, never a wrong file", async () => {
    const cut = await withAlteredCache((bytes) => bytes.subarray(0, bytes.length >> 1), "a cache cut short");
    expect(cut).toMatch(/^full run: the cache in .* was damaged, and ignored; nothing was reused$/);
    // A flipped byte that leaves the data readable: every description rewritten.
    const altered = await withAlteredCache(
      (bytes) => Buffer.from(bytes.toString("latin1").replaceAll("A Gadget.", "B Gadget."), "latin1"),
      "a cache altered into other readable data",
    );
    expect(altered).toMatch(/was damaged, and ignored/);
  });

  it("a new process puts back what an edit, a hand edit or a stray file changed", async () => {
    const files: Record<string, string> = {
      "demo/provider.yaml": BASE["demo/provider.yaml"]!,
      "demo/types/part.yaml":
        "version: 1\nkind: object\nname: Part\ndescription: A part.\nfields:\n  size: { type: integer, mode: optional, description: Size. }\n",
    };
    for (let i = 0; i < 8; i++)
      files[`demo/resources/gadget${i}.yaml`] = resource(
        `Gadget${i}`,
        i % 2 ? "  part: { type: object, mode: optional, ref: Part, description: P. }\n" : "",
      );
    const tree = schemaTree(files);
    const into = join(tree, "../out");
    /** A run in a new process, and what it changed. */
    const run = async (step: string) => {
      const session = new pipeline.Regeneration(tree, into, join(tree, "../cache"));
      try {
        const expected = await fresh(tree);
        const [result] = await session.run(false);
        const explained = session.explanation!.lines();
        expect(await agree(session, tree, into, step)).toEqual([]);
        expect("files" in expected).toBe(true);
        return { changed: result!.drift.changed, removed: result!.drift.removed, explained };
      } finally {
        await session.close();
      }
    };
    await run("first run");
    const edit = (name: string, from: string, to: string) => {
      const path = join(tree, `demo/resources/${name}.yaml`);
      writeFileSync(path, readFileSync(path, "utf8").replace(from, to));
    };

    edit("gadget3", "A Gadget3.", "A gadget, edited.");
    const described = await run("a description edited");
    expect(described.changed).toEqual([
      "README.md",
      "docs/index.html",
      "docs/resources/gadget3.html",
      "src/resources/gadget3.ts",
    ]);

    // Gadget2 now uses Part, which others use too (as input and output: the type's forms are everyone's).
    edit("gadget2", "importId:", "  part: { type: object, mode: optional, ref: Part, description: P. }\nimportId:");
    await run("a type others use");

    // A generated file edited by hand is put back, whatever else changed.
    edit("gadget3", "A gadget, edited.", "A gadget, edited again.");
    writeFileSync(join(into, "demo/src/resources/gadget6.ts"), "// edited by hand\n");
    const handEdited = await run("a generated file edited by hand");
    expect(handEdited.changed).toContain("src/resources/gadget6.ts");
    expect(handEdited.explained).toContain(
      "  demo: 1 rendered because the file changed on disk: src/resources/gadget6.ts",
    );

    // A file or folder left among the generated ones goes, in a scoped run as in a full one.
    edit("gadget3", "A gadget, edited again.", "A gadget, edited a third time.");
    await run("gadget3 edited again, nothing left over");
    edit("gadget3", "A gadget, edited a third time.", "A gadget, edited a fourth time.");
    writeFileSync(join(into, "demo/src/resources/stray.ts"), "// not generated\n");
    mkdirSync(join(into, "demo/docs/extra"));
    writeFileSync(join(into, "demo/docs/extra/page.html"), "<p>not generated</p>\n");
    const strays = await run("files left among the generated ones");
    expect(strays.removed).toEqual(["docs/extra/page.html", "src/resources/stray.ts"]);
  });

  it("an inline type's reference moved to a type the entity already reaches: the type pages' users follow", async () => {
    const part = (name: string) =>
      `version: 1\nkind: object\nname: ${name}\ndescription: A ${name}.\nfields:\n  size: { type: integer, mode: optional, description: Size. }\n`;
    const inline = (typeName: string, refs: Record<string, string>) =>
      `  ${typeName[0]!.toLowerCase()}${typeName.slice(1)}:\n    type: object\n    mode: optional\n    typeName: ${typeName}\n    description: ${typeName}.\n    fields:\n${Object.entries(
        refs,
      )
        .map(([field, ref]) => `      ${field}: { type: object, ref: ${ref}, description: ${field}. }\n`)
        .join("")}`;
    // Part and Bolt stay reached whichever way GadgetRight's `first` points, and Gadget's own fields name the same types.
    const gadget = (first: string) =>
      resource("Gadget", inline("GadgetLeft", { first: "Part" }) + inline("GadgetRight", { first, second: "Bolt" }));
    const tree = schemaTree({
      "demo/provider.yaml": BASE["demo/provider.yaml"]!,
      "demo/types/part.yaml": part("Part"),
      "demo/types/bolt.yaml": part("Bolt"),
      "demo/resources/gadget.yaml": gadget("Part"),
      "demo/resources/gizmo.yaml": resource("Gizmo"),
    });
    const into = join(tree, "../out");
    const inNewProcess = async (step: string) => {
      const session = new pipeline.Regeneration(tree, into, join(tree, "../cache"));
      return agree(session, tree, into, step).finally(() => session.close());
    };
    expect(await inNewProcess("first run")).toEqual([]);
    expect(readFileSync(join(into, "demo/docs/types/part.html"), "utf8")).toContain("GadgetRight</a>");
    writeFileSync(join(tree, "demo/resources/gadget.yaml"), gadget("Bolt"));
    expect(await inNewProcess("GadgetRight's first field names Bolt")).toEqual([]);
    expect(readFileSync(join(into, "demo/docs/types/part.html"), "utf8")).not.toContain("GadgetRight</a>");
  });

  it("a watch saves its cache once idle, and when it ends", async () => {
    const tiny = schemaTree({
      "demo/provider.yaml": BASE["demo/provider.yaml"]!,
      "demo/resources/gadget.yaml": resource("Gadget"),
    });
    const cacheDir = join(tiny, "../cache");
    const saved = () => (existsSync(cacheDir) ? readdirSync(cacheDir).filter((f) => /^cache-.*\.bin$/.test(f)) : []);
    const watch = new pipeline.Regeneration(tiny, join(tiny, "../out"), cacheDir);
    try {
      await watch.run(false);
      watch.saveWhenIdle();
      expect(saved()).toEqual([]); // not yet: the run just ended
      await new Promise((r) => setTimeout(r, 1500));
      expect(saved()).toHaveLength(1);
      rmSync(cacheDir, { recursive: true });
      await watch.run(false);
    } finally {
      await watch.close();
    }
    expect(saved()).toHaveLength(1);
  });
});

/** A resource of the demo provider with a Term enum, and `more` fields. */
const resource = (name: string, more = "") => `version: 1
kind: resource
name: ${name}
token: demo:index/${name[0]!.toLowerCase()}${name.slice(1)}:${name}
description: A ${name}.
fields:
  term: { type: integer, mode: optional, enum: [1, 2], enumName: Term, description: Term. }
  uid: { type: string, mode: output, description: Id. }
${more}importId:
  parts: [{ field: uid, type: string }]
`;
