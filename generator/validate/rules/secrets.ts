import { at } from "../../load/sourceDoc.js";
import { eachField, type Rule } from "./rule.js";

export const secrets: Rule = {
  id: "secrets",
  description: "a `secret` field is never nested in an output marked `secret: false`",
  check: eachField(({ field: { raw, src, path, name }, scope: { nonSecretOutput } }) => [
    raw.secret &&
      !!nonSecretOutput &&
      at(
        src,
        [...path, "secret"],
        `secret field "${name}" sits inside "${nonSecretOutput}", which is marked secret: false; a secret cannot be nested in a non-secret output`,
      ),
  ]),
};
