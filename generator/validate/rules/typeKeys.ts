import { at } from "../../load/sourceDoc.js";
import { eachSpec, type Rule } from "./rule.js";

const NUMBERS = ["number", "integer"];
const APPLIES_TO = new Map<string, readonly [types: readonly string[], what: string]>([
  ["items", [["list"], "type list"]],
  ["values", [["map"], "type map"]],
  ["ref", [["object"], "type object"]],
  ["fields", [["object"], "type object"]],
  ["enum", [["string", "number", "integer", "boolean"], "scalar types"]],
  ["knownValues", [["string", "number", "integer"], "string and number types"]],
  ["minimum", [NUMBERS, "number and integer types"]],
  ["maximum", [NUMBERS, "number and integer types"]],
  ["notOneOf", [NUMBERS, "number and integer types"]],
  ["minItems", [["list"], "type list"]],
  ["maxItems", [["list"], "type list"]],
  ["minLength", [["string"], "type string"]],
  ["maxLength", [["string"], "type string"]],
  ["pattern", [["string"], "type string"]],
  ["format", [["string"], "type string"]],
]);

export const typeKeys: Rule = {
  id: "type-keys",
  description:
    "`items`, `values`, `ref`, `fields`, `enum`, `knownValues`, bounds, `pattern` and `format` appear only with the types that take them",
  // The keys a spec has, looked up, rather than every key looked for: specs have a few of many.
  document: eachSpec(({ spec, src, path }) =>
    Object.keys(spec).map((key) => {
      const [types, what] = APPLIES_TO.get(key) ?? [];
      return (
        !!types &&
        !types.includes(spec.type) &&
        at(src, [...path, key], `"${key}" applies to ${what}, not type ${spec.type}`, "key")
      );
    }),
  ),
};

export const typeShape: Rule = {
  id: "type-shape",
  description:
    "each type has the keys it needs (`items`, `values`, `ref` or `fields`), `typeName`, `enumName` and `caseInsensitive` have what they name, and `enum` excludes `knownValues`",
  document: eachSpec(({ spec, src, path, name }) => [
    spec.type === "list" && !spec.items && at(src, path, `list "${name}" needs "items" (the element type)`, "key"),
    spec.type === "map" && !spec.values && at(src, path, `map "${name}" needs "values" (the value type)`, "key"),
    spec.type === "object" &&
      (spec.ref === undefined) === (spec.fields === undefined) &&
      at(
        src,
        path,
        `object "${name}" needs exactly one of "ref" (a type from types/) or "fields" (an inline object)`,
        "key",
      ),
    spec.typeName !== undefined &&
      spec.fields === undefined &&
      at(src, [...path, "typeName"], `"typeName" names an inline object: it needs "fields"`, "key"),
    spec.enumName !== undefined &&
      spec.enum === undefined &&
      at(src, [...path, "enumName"], `"enumName" names an enum: it needs "enum"`, "key"),
    spec.caseInsensitive !== undefined &&
      spec.enum === undefined &&
      at(src, [...path, "caseInsensitive"], `"caseInsensitive" applies to an enum`, "key"),
    !!spec.enum &&
      !!spec.knownValues &&
      at(src, [...path, "knownValues"], `a field has either a closed "enum" or open "knownValues", not both`, "key"),
  ]),
};
