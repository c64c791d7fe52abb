import { at } from "../../load/sourceDoc.js";
import { eachField, type Rule } from "./rule.js";

export const secrets: Rule = {
  id: "secrets",
  description: "a `secret` field has no default, and is never nested in an output marked `secret: false`",
  document: eachField(({ field: { raw, src, path, name }, scope: { nonSecretOutput } }) => {
    if (!raw.secret) return [];
    const published = "a secret cannot have a default: it would be published in the package, its docs and its README";
    const nested = `secret field "${name}" sits inside "${nonSecretOutput}", which is marked secret: false; a secret cannot be nested in a non-secret output`;
    return [
      raw.secret === true && raw.default !== undefined && at(src, [...path, "default"], published),
      !!nonSecretOutput && at(src, [...path, "secret"], nested),
    ];
  }),
};
