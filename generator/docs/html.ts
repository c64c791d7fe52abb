/** HTML text helpers for the docs pages: every schema string passes through `escape` or `inline`. */

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

const SPECIAL = /[&<>"']/;

/** Most names and descriptions need no escaping: they are returned as they are, unscanned twice. */
export const escape = (text: string): string =>
  SPECIAL.test(text) ? text.replace(/[&<>"']/g, (c) => ENTITIES[c]!) : text;

/** The inline Markdown descriptions use (`code` spans, links), all else escaped; no library: it is faster. */
export function inline(text: string): string {
  // Most descriptions have neither: escaped at once, without splitting them.
  if (!text.includes("`") && !text.includes("](")) return escape(text);
  return text
    .split(/(`[^`]+`)/)
    .map((part) =>
      part.length > 2 && part.startsWith("`") && part.endsWith("`")
        ? `<code>${escape(part.slice(1, -1))}</code>`
        : escape(part).replace(
            /\[([^\]]+)\]\((https?:\/\/[^)\s]+)\)/g,
            (_m, label: string, url: string) => `<a href="${url}">${label}</a>`,
          ),
    )
    .join("");
}

/** `<code>` of a value, as its JSON. */
export const code = (value: unknown): string => `<code>${escape(JSON.stringify(value))}</code>`;

/** The first sentence of a description, for lists and the search index. */
export function summary(text: string): string {
  const m = /^(.+?[.!?])(\s|$)/s.exec(text);
  return (m ? m[1]! : text).replace(/\s+/g, " ");
}

/** A link relative to a page `root` ("" or "../"). */
export const link = (root: string, href: string, label: string): string =>
  `<a href="${root}${href}">${escape(label)}</a>`;

/** A link to the page of `name` in `pages`, or the name alone when it has none. */
export const pageLink = (root: string, pages: ReadonlyMap<string, string>, name: string): string =>
  pages.has(name) ? link(root, pages.get(name)!, name) : escape(name);
