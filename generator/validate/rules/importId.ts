import { didYouMean } from "@sdkgen/runtime/providers";
import { entity } from "../../load/providerIndex.js";
import { at, type Path } from "../../load/sourceDoc.js";
import { found, type Finding, type Rule } from "./rule.js";

export const importId: Rule = {
  id: "import-id",
  description: "import-id parts name the resource's fields, with their types",
  document: (walk) =>
    walk.resources.flatMap(({ src, fields }) => {
      const byName = new Map(fields.map((f) => [f.name, f.raw]));
      return found(
        (entity(src).importId?.parts ?? []).map((part, i): Finding => {
          const path: Path = ["importId", "parts", i, "field"];
          const field = byName.get(part.field);
          if (!field) {
            const hint = didYouMean(part.field, [...byName.keys()]);
            return at(src, path, `import-id part names unknown field "${part.field}"${hint}`);
          }
          // A number field's id part is written as an integer.
          if (part.type === (field.type === "number" ? "integer" : field.type)) return undefined;
          const message = `import-id part "${part.field}" is ${part.type} but the field is ${field.type}`;
          return at(src, ["importId", "parts", i, "type"], message);
        }),
      );
    }),
};

export const createdAt: Rule = {
  id: "created-at",
  description: "`createdAt` names a string output of the resource",
  document: (walk) =>
    walk.resources.flatMap(({ src, fields }) => {
      const name = entity(src).createdAt;
      if (name === undefined) return [];
      const field = fields.find((f) => f.name === name)?.raw;
      if (!field) {
        const names = fields.map((f) => f.name);
        return [at(src, ["createdAt"], `createdAt names unknown field "${name}"${didYouMean(name, names)}`)];
      }
      return field.mode === "output" && field.type === "string"
        ? []
        : [at(src, ["createdAt"], `createdAt must name a string output ("${name}" is ${field.mode} ${field.type})`)];
    }),
};
