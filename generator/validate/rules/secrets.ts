import { at } from "../../load/sourceDoc.js";
import { eachField, type Rule } from "./rule.js";

export const secrets: Rule = {
  id: "secrets",
  description: "a `secret` field has no default, and is never nested in an output marked `secret: false`",
  check: eachField(({ field: { raw, src, path, name }, scope: { nonSecretOutput } }) => [
    raw.secret === true &&
      raw.default !== undefined &&
      at(
        src,
        [...path, "default"],
        "a secret cannot have a default: it would be published in the package, its docs and its README",
      ),
    raw.secret &&
      !!nonSecretOutput &&
      at(
        src,
        [...path, "secret"],
        `secret field "${name}" sits inside "${nonSecretOutput}", which is marked secret: false; a secret cannot be nested in a non-secret output`,
      ),
  ]),
};
