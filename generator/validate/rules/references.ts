import { didYouMean } from "@sdkgen/runtime/providers";
import type { Diagnostic } from "../../diagnostics.js";
import { brokenFileOf, entity, type ProviderIndex } from "../../load/providerIndex.js";
import { at, type Path, type SourceDoc } from "../../load/sourceDoc.js";
import { found, type Rule } from "./rule.js";
import { validDocuments, writtenSpecs } from "./written.js";

/** The type or field group `name` names, or what is wrong; neither when its file is unreadable or invalid. */
export function resolveType(
  index: ProviderIndex,
  valid: ReadonlySet<SourceDoc>,
  src: SourceDoc,
  path: Path,
  name: string,
  want: "type" | "group",
): { found?: SourceDoc | undefined; problem?: Diagnostic | undefined } {
  const t = index.types.get(name);
  const kind = t && entity(t).kind;
  if (t ? !valid.has(t) : brokenFileOf(index, "types", name, (s) => valid.has(s))) return {};
  if (!t) {
    const candidates = [...index.types].filter(([, s]) => (entity(s).kind === "group") === (want === "group"));
    const what = want === "group" ? "field group" : "type";
    const names = candidates.map(([n]) => n);
    return { problem: at(src, path, `unknown ${what} "${name}"${didYouMean(name, names)}`) };
  }
  if (want === "group" && kind !== "group") {
    const what = kind === "union" ? "a union" : "an object type";
    return { problem: at(src, path, `"${name}" is ${what}, not a field group: use it with "ref"`) };
  }
  if (want === "type" && kind === "group")
    return { problem: at(src, path, `"${name}" is a field group, not a type: use it with "include"`) };
  return { found: t };
}

export const references: Rule = {
  id: "references",
  description: "`ref` names an object or union type, and `include` field groups, each once",
  provider: (input) => {
    const { index, valid } = input;
    const objects = [...index.types.values()].filter((t) => entity(t).kind === "object");
    const including = [...index.resources, ...index.lookups, ...objects].filter((s) => valid.has(s));
    return found([
      ...including.flatMap((src) =>
        (entity(src).include ?? []).map((g, i, all) =>
          all.indexOf(g) < i
            ? at(src, ["include", i], `group ${g} is included twice; list it once`)
            : resolveType(index, valid, src, ["include", i], g, "group").problem,
        ),
      ),
      ...validDocuments(input).flatMap((src) =>
        writtenSpecs(src).map(
          ({ spec, path }) =>
            spec.ref !== undefined && resolveType(index, valid, src, [...path, "ref"], spec.ref, "type").problem,
        ),
      ),
    ]);
  },
};
