import { escape } from "./html.js";

// Hand-written highlighting: five token rules cover the generator's own examples; a library would add its grammars.

/** One alternative per kind, tried left to right at each position; the group's name is the class. */
const TOKEN = new RegExp(
  [
    String.raw`(?<comment>\/\/[^\n]*|\/\*[\s\S]*?\*\/)`,
    String.raw`(?<string>"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|` + "`(?:[^`\\\\]|\\\\.)*`)",
    String.raw`(?<number>\b\d[\d_]*(?:\.\d+)?(?:e[+-]?\d+)?\b)`,
    // A keyword, unless it names a property (`{ type: … }`, `.delete()`).
    String.raw`(?<keyword>(?<![.\w$])(?:as|async|await|const|else|export|false|for|from|function|if|import|in|interface|let|new|null|of|return|throw|true|type|typeof|undefined)\b(?!\s*:))`,
    // Classes and types: the examples' only capitalised names.
    String.raw`(?<type>(?<![\w$])[A-Z][\w$]*)`,
  ].join("|"),
  "g",
);

/** `source` as HTML: escaped, each token in `<span class="tok-KIND">`. */
export function highlightTs(source: string): string {
  let html = "";
  let at = 0;
  for (const m of source.matchAll(TOKEN)) {
    const kind = Object.entries(m.groups!).find(([, v]) => v !== undefined)![0];
    html += `${escape(source.slice(at, m.index))}<span class="tok-${kind}">${escape(m[0])}</span>`;
    at = m.index + m[0].length;
  }
  return html + escape(source.slice(at));
}
