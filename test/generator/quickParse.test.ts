import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { quickData } from "../../generator/load/quickParse.js";
import { parseFully } from "../../generator/load/sourceDoc.js";
import { MUTATORS, MUTATOR_NAMES, random } from "../fuzz/mutate.mjs";

// The quick reading of a schema file (js-yaml) must never accept what the full reading (yaml, with
// positions) rejects, nor read any value differently: it is only ever a faster way to the same data.
const meta = { file: "schemas/x/resources/x.yaml", provider: "x", folder: "resources", stem: "x", hash: "" } as const;

/** The full reading's data, or "rejected". */
function full(text: string): unknown {
  const { source, diagnostics } = parseFully(text, meta);
  return diagnostics.length > 0 || !source ? "rejected" : source.data;
}

/** Where the quick reading accepts `text`, it reads what the full one does; returns whether it accepted. */
function agrees(text: string): boolean {
  const quick = quickData(text);
  if (quick === undefined) return false;
  expect(full(text), text.slice(0, 200)).toEqual(quick);
  return true;
}

const yamlFiles = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".yaml"))
    .map((f) => join(dir, f));
const schemaFiles = [...yamlFiles("schemas"), ...yamlFiles("test/fixtures")];

describe("the quick reading of schema files", () => {
  it("reads every real schema and fixture as the full reading does, and takes most of them", () => {
    const accepted = schemaFiles.filter((f) => agrees(readFileSync(f, "utf8")));
    expect(schemaFiles.length).toBeGreaterThan(100);
    expect(accepted.length / schemaFiles.length).toBeGreaterThan(0.9);
  });

  it("agrees with the full reading on 1,500 mutants of the real schemas", () => {
    const rand = random(11);
    const sources = yamlFiles("schemas").map((f) => readFileSync(f, "utf8"));
    let accepted = 0;
    for (let i = 0; i < 1500; i++) {
      const name = MUTATOR_NAMES[i % MUTATOR_NAMES.length]!;
      const text = MUTATORS[name]!(sources[Math.floor(rand() * sources.length)]!, rand);
      if (agrees(text)) accepted++;
    }
    expect(accepted).toBeGreaterThan(500); // the comparison ran on many accepted mutants
  });

  const scalars = [
    ...["1_000", "010", "0o17", "0o8", "0x1F", "0xg", "0b101", "+12", "-0", "1e3", "1E+3", "1.", ".5", "-.5", "+.5e-2"],
    ...[".inf", "-.Inf", "+.INF", ".NaN", ".nan", "NaN", "inf", "True", "TRUE", "tRue", "yes", "No", "on", "off"],
    ...["~", "null", "Null", "NULL", "nULL", "", "2001-12-14", "2001-12-14t21:59:43.10-05:00", "12:30:45", "190:20:30"],
    ...["'1'", '"true"', "!!str 1", "!!int 12", "!!float 1", "!!null ''", "'it''s'", '"\\u00e9\\t"', "a # comment"],
    ...["9007199254740993", "1e400", "-1e400", "0.1e-400", "|\n  block\n", ">-\n  folded\n  text\n", "<<"],
  ];
  it("reads every kind of scalar as the full reading does, as a value and as a key", () => {
    for (const s of scalars) {
      agrees(`v: ${s}\n`);
      if (!s.includes("\n")) agrees(`${s}: v\n`);
      agrees(`list: [${s.includes("\n") ? "x" : s}]\n`);
    }
  });

  it("reads every kind of structure as the full reading does", () => {
    const texts = [
      "---\na: 1\n...\n",
      "a:\n  b:\n    - c: 1\n      d: [x, y, {e: f}]\n    - plain words\n      folded on two lines\n",
      "a: &s shared\nb: *s\n",
      "a: 'single\n\n  quoted'\nb: \"double\\\n  escaped\"\n",
      "a: |+\n  kept\n\nb: >2\n   indented\n",
      "a: {b: 1, c: [2, 3], 'd e': null}\n# comment\nf: g # trailing\n",
      "a:\n- 1\n- - 2\n  - 3\n",
      "a: x:y\nb: http://h/p?q=1#f\nc: -x\nd: '@at'\n",
      'a: 名前\nb: "\\u00e9"\nc: 🚀\n',
    ];
    for (const text of texts) expect(agrees(text), text).toBe(true);
  });

  it("declines what needs the full reading: aliased collections, collection keys, repeats, other documents", () => {
    for (const text of [
      "a: &x [1, 2]\nb: *x\n", // an alias bomb is built this way; the full reading bounds it
      "? [a, b]\n: 1\n",
      "[a]: 1\n",
      "a: 1\na: 2\n",
      "- 1\n- 2\n",
      "just text\n",
      "",
      "%YAML 1.1\n---\na: yes\n",
      "a: 1\n---\nb: 2\n",
      "a: !custom 1\n",
      `v: ${"[".repeat(5000)}${"]".repeat(5000)}\n`,
    ])
      expect(quickData(text), text.slice(0, 40)).toBeUndefined();
  });

  it("keeps a __proto__ key as data, as the full reading does", () => {
    expect(agrees('__proto__: { polluted: true }\nname: "x"\n')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
