import { FAILSAFE_SCHEMA, load, Type } from "js-yaml";

/** A file's data read fast by js-yaml, or undefined when unsure: never disagreeing with `yaml` (quickParse.test). */
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

// `? key`, a collection key, a `%` directive or a tab, which the parsers might read apart; prose merely costs time.
const MAYBE_SPECIAL = /(?:^|[\s,[{])\?(?:\s|$)|[\]}]\s*:(?:\s|$)|^%|\t/m;

/** YAML 1.2's core schema as `yaml` resolves plain scalars (js-yaml's own reads `0b101`, `-.5` and `-0` otherwise). */
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

/** Whether a collection is reached twice (js-yaml shares aliased ones) or a key is "null" (how js-yaml says null). */
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
