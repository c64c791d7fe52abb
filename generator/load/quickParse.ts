import { FAILSAFE_SCHEMA, load, Type } from "js-yaml";

/**
 * The data of a schema file, read fast, or undefined when the file needs the full reading.
 *
 * Why two parsers: `yaml` keeps every node's position (diagnostics need them) and reads about
 * 1 MB/s; js-yaml keeps none and reads ten times faster. A valid file needs no position, so its
 * data comes from here and `yaml` parses it only if a later check reports on it. This path must
 * never accept what the full reading rejects or read a value differently (test/generator/quickParse
 * compares the two on the real schemas, the fuzzer's mutants and a table of scalars), so it declines
 * whatever it is not sure of:
 * - text that may hold an explicit (`?`) or collection key, or a directive (the full reading
 *   rejects or treats these specially);
 * - anything js-yaml rejects (syntax, a key written twice, an unknown tag, nesting too deep);
 * - a document that is not a mapping, any collection reached twice (an alias, which the full
 *   reading expands under a limit that stops alias bombs), and a key read as "null" (a null key is ""
 *   to the full reading).
 */
export function quickData(text: string): Record<string, unknown> | undefined {
  if (MAYBE_SPECIAL.test(text)) return undefined;
  let data: unknown;
  try {
    data = load(text, { schema: CORE_SCHEMA });
  } catch {
    return undefined;
  }
  if (!isMapping(data) || needsFullReading(data)) return undefined;
  return data;
}

// `? key`, `[a]: b` / `{a: 1}: b`, a `%` directive at a line's start, or a tab (indentation rules
// the two parsers might read apart). Matches inside prose merely send the file the slow way.
const MAYBE_SPECIAL = /(?:^|[\s,[{])\?(?:\s|$)|[\]}]\s*:(?:\s|$)|^%|\t/m;

/**
 * YAML 1.2's core schema as the `yaml` library resolves plain scalars (its schema/core): the same
 * patterns in the same order, so a value means the same whichever parser read it. (js-yaml's own
 * core schema differs: it reads `0b101` as 5, `-.5` as a string and `-0` as 0.)
 */
const CORE_SCHEMA = FAILSAFE_SCHEMA.extend({
  implicit: [
    new Type("tag:yaml.org,2002:null", {
      kind: "scalar",
      resolve: (s: string) => /^(?:~|[Nn]ull|NULL)?$/.test(s),
      construct: () => null,
    }),
    new Type("tag:yaml.org,2002:bool", {
      kind: "scalar",
      resolve: (s: string) => /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/.test(s),
      construct: (s: string) => s[0] === "t" || s[0] === "T",
    }),
    new Type("tag:yaml.org,2002:int", {
      kind: "scalar",
      resolve: (s: string) => /^(?:0o[0-7]+|[-+]?[0-9]+|0x[0-9a-fA-F]+)$/.test(s),
      construct: (s: string) =>
        s.startsWith("0o") ? parseInt(s.slice(2), 8) : s.startsWith("0x") ? parseInt(s.slice(2), 16) : parseInt(s, 10),
    }),
    new Type("tag:yaml.org,2002:float", {
      kind: "scalar",
      resolve: (s: string) =>
        /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN|[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+|[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*))$/.test(
          s,
        ),
      construct: (s: string) =>
        /nan$/i.test(s) ? NaN : /inf$/i.test(s) ? (s[0] === "-" ? -Infinity : Infinity) : parseFloat(s),
    }),
  ],
});

const isMapping = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);

/**
 * Whether any list or mapping is reached twice (js-yaml shares an aliased collection instead of
 * copying it), or a key is "null" (js-yaml's name for a null key, and for the string "null").
 */
function needsFullReading(root: object): boolean {
  const seen = new Set<object>();
  const stack: object[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (seen.has(node) || (!Array.isArray(node) && Object.hasOwn(node, "null"))) return true;
    seen.add(node);
    for (const v of Array.isArray(node) ? node : Object.values(node))
      if (v !== null && typeof v === "object") stack.push(v as object);
  }
  return false;
}
