import { entity, type ProviderIndex } from "../../load/providerIndex.js";
import { at, type Path, type SourceDoc } from "../../load/sourceDoc.js";
import { camel, collisionKey } from "../../naming.js";
import { found, type Finding, type Rule } from "./rule.js";
import { providerEntity } from "./written.js";

/** Entity checks need only name and token, so run on broken files too; names the meta-schema refuses would cascade. */
const named = (docs: Iterable<SourceDoc>): SourceDoc[] =>
  [...docs].filter((s) => s.outline.name !== undefined && /^[A-Za-z][A-Za-z0-9]*$/.test(s.outline.name));
const entities = (index: ProviderIndex) => [...index.resources, ...index.lookups, ...index.typeFiles];

export const entityNames: Rule = {
  id: "entity-names",
  description: "resource, lookup and type names are unique after case conversion",
  provider: ({ index }) => {
    const seen = new Map<string, SourceDoc>();
    return named(entities(index)).flatMap((src) => {
      const name = src.outline.name!;
      const prior = seen.get(collisionKey(name));
      if (!prior) return (seen.set(collisionKey(name), src), []);
      const message = `name "${name}" collides with "${prior.outline.name}" in ${prior.file}; entity names must differ after case conversion`;
      return [at(src, ["name"], message)];
    });
  },
};

export const fileNames: Rule = {
  id: "file-names",
  description: "each file is named after its entity",
  provider: (input) =>
    named(entities(input.index)).flatMap((src) => {
      const e = entity(src);
      const stem = src.folder === "lookups" ? e.name : camel(e.name);
      return src.stem === stem
        ? []
        : [at(src, ["name"], `${e.kind} "${e.name}" belongs in a file named ${stem}.yaml (found ${src.stem}.yaml)`)];
    }),
};

export const tokens: Rule = {
  id: "tokens",
  description: "resource, lookup and provider-function tokens have the forms above",
  provider: (input) => {
    const { index } = input;
    const provider = providerEntity(input);
    const pkg = index.name;
    const wrong = (src: SourceDoc, path: Path, what: string, want: string, got: unknown): Finding =>
      typeof got === "string" && got !== want && at(src, path, `${what}token must be "${want}" (got "${got}")`);
    return found([
      ...named(index.resources).map((src) => {
        const e = entity(src);
        return wrong(src, ["token"], "resource ", `${pkg}:index/${camel(e.name)}:${e.name}`, e.token);
      }),
      ...named(index.lookups).map((src) => {
        const e = entity(src);
        return wrong(src, ["token"], "lookup ", `${pkg}:index/${e.name}:${e.name}`, e.token);
      }),
      ...Object.entries(provider?.functions ?? {}).map(([fn, spec]) =>
        wrong(index.provider!, ["functions", fn, "token"], "", `${pkg}:providers:${pkg}/${fn}`, spec.token),
      ),
    ]);
  },
};
