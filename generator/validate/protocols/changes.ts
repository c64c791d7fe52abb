import type { Diagnostic } from "../../diagnostics.js";
import { entity, type LocatedField } from "../../load/providerIndex.js";
import { at, type SourceDoc } from "../../load/sourceDoc.js";

/** Each input's change goes somewhere: an operation the resource has (`updates`), a replacement or a refusal. */
export function changeRules(src: SourceDoc, fields: readonly LocatedField[], updates: readonly string[]): Diagnostic[] {
  return fields.flatMap((f) => {
    // A field of a file that failed the meta-schema (an included group, say) may hold anything there.
    const onChange = f.raw.onChange;
    if (f.raw.mode === "output" || (onChange !== undefined && (typeof onChange !== "object" || onChange === null)))
      return [];
    if (onChange && "update" in onChange && !updates.includes(onChange.update)) {
      const message = `onChange.update names "${onChange.update}", which ${entity(src).name} does not have: it can name ${updates.map((u) => `"${u}"`).join(", ") || "no operation"}`;
      return [at(f.src, [...f.path, "onChange", "update"], message)];
    }
    const inPlace = !f.raw.replaceOnChange && !onChange;
    if (!inPlace || updates.includes("update")) return [];
    const message = `a change to ${f.name} updates in place, but ${entity(src).name} has no "update" operation: add one, or say replaceOnChange, onChange.reject or onChange.createOnly`;
    return [at(f.src, f.path, message, "key")];
  });
}
