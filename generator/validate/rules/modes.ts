import { at } from "../../load/sourceDoc.js";
import { eachField, type Rule } from "./rule.js";

export const modes: Rule = {
  id: "modes",
  description: "`mode` is written where it must be, omitted under outputs, and one the place allows",
  document: eachField(({ field: { raw, src, path, name }, scope }) => [
    raw.mode === undefined &&
      scope.modeRequired &&
      scope.position === "input" &&
      at(src, path, `field "${name}" needs a mode: required, optional, optional-computed or output`, "key"),
    raw.mode !== undefined &&
      scope.modeForbidden &&
      raw.mode !== "output" &&
      at(src, [...path, "mode"], `fields under an output are outputs: remove mode "${raw.mode}"`),
    raw.mode !== undefined &&
      scope.modes &&
      !scope.modes.includes(raw.mode) &&
      at(src, [...path, "mode"], `mode must be ${scope.modes.join(" or ")} here (got "${raw.mode}")`),
  ]),
};

export const inputOutputKeys: Rule = {
  id: "input-output-keys",
  description: "`writeOnly` and `replaceOnChange` only on inputs, `guaranteed` only on outputs",
  document: eachField(({ field: { raw, src, path, name }, isInput }) => [
    raw.writeOnly &&
      !isInput &&
      at(src, [...path, "writeOnly"], `"writeOnly" applies to inputs only: "${name}" is an output`),
    raw.guaranteed &&
      isInput &&
      at(src, [...path, "guaranteed"], `"guaranteed" applies to outputs only; "${name}" is an input`),
    raw.replaceOnChange !== undefined &&
      !isInput &&
      at(
        src,
        [...path, "replaceOnChange"],
        `replaceOnChange applies to inputs only: "${name}" is an output the caller cannot change`,
      ),
  ]),
};
