// Schema mutants for the fuzzer: each mutator turns one schema file's text into a broken variant the
// way users break files (a deleted or doubled line, a wrong type, an unknown key, a stray character,
// a truncated save, huge or unicode values, deep nesting, references to nothing or to itself, an
// empty or binary file). Pure functions of the text and a seeded random source.

/** mulberry32: a tiny seeded generator, so a seed names the same mutants on every run. */
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = (rand, list) => list[Math.floor(rand() * list.length)];
const lines = (text) => text.split("\n");
/** Indexes of lines holding `key: value`. */
const valued = (ls) => ls.flatMap((l, i) => (/^\s*[A-Za-z_][\w-]*: \S/.test(l) ? [i] : []));
const replaceValue = (text, rand, value) => {
  const ls = lines(text);
  const at = valued(ls);
  if (at.length === 0) return text + value;
  const i = pick(rand, at);
  ls[i] = ls[i].replace(/: .*$/, `: ${value}`);
  return ls.join("\n");
};

export const MUTATORS = {
  deleteLine: (text, rand) => {
    const ls = lines(text);
    ls.splice(Math.floor(rand() * ls.length), 1);
    return ls.join("\n");
  },
  duplicateLine: (text, rand) => {
    const ls = lines(text);
    const i = Math.floor(rand() * ls.length);
    ls.splice(i, 0, ls[i]);
    return ls.join("\n");
  },
  wrongType: (text, rand) => replaceValue(text, rand, pick(rand, ["[1, 2]", "{ a: 1 }", "42", "true", "null", '""'])),
  unknownKey: (text, rand) => {
    const ls = lines(text);
    const i = pick(rand, valued(ls).length ? valued(ls) : [0]);
    const indent = /^\s*/.exec(ls[i])[0];
    ls.splice(i + 1, 0, `${indent}colour: blue`);
    return ls.join("\n");
  },
  brokenSyntax: (text, rand) => {
    const at = Math.floor(rand() * (text.length + 1));
    return text.slice(0, at) + pick(rand, [..."{}[]:&*!|>'\"%@`\t-?,#"]) + text.slice(at);
  },
  truncate: (text, rand) => text.slice(0, Math.floor(rand() * text.length)),
  hugeString: (text, rand) => replaceValue(text, rand, "x".repeat(200_000 + Math.floor(rand() * 100_000))),
  unicode: (text, rand) =>
    replaceValue(text, rand, pick(rand, ["Pörté", "名前", "🚀 launch", "a\u202eb", "\u0000x", "Ω"])),
  deepNesting: (text, rand) => {
    const depth = 500 + Math.floor(rand() * 5000);
    return replaceValue(text, rand, "[".repeat(depth) + "]".repeat(depth));
  },
  missingReference: (text, rand) =>
    /(ref|include|references): /.test(text)
      ? text.replace(/(ref|include|references): .*/, pick(rand, ["ref: Nope", "include: [Nope]", "references: [Nope]"]))
      : replaceValue(text, rand, "Nope"),
  cyclicReference: (text) => {
    const name = /^name: (\w+)/m.exec(text)?.[1] ?? "Self";
    return text.replace(
      /^fields:( \{\})?\n/m,
      `fields:\n  self: { type: object, mode: optional, ref: ${name}, description: S. }\n`,
    );
  },
  empty: () => "",
  binary: (_text, rand) =>
    String.fromCharCode(...Array.from({ length: 64 + Math.floor(rand() * 512) }, () => Math.floor(rand() * 256))),
};

export const MUTATOR_NAMES = Object.keys(MUTATORS);
