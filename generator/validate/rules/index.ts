import type { Diagnostic } from "../../diagnostics.js";
import { checkCloudplatOperations } from "../protocols/cloudplat.js";
import { checkLookupOperation } from "../protocols/lookups.js";
import { checkNetsvcOperations } from "../protocols/netsvc.js";
import { bounds } from "./bounds.js";
import { typeCycles } from "./cycles.js";
import { defaults, deprecatedRequired } from "./defaults.js";
import { entityNames, fileNames, tokens } from "./entities.js";
import { enumNames, enumValues } from "./enums.js";
import { env } from "./env.js";
import { exceptVariants } from "./exceptVariants.js";
import { conflictsWith, familyFrom, onlyWhen, requiredWhen } from "./fieldRefs.js";
import { fieldNames, wireNames } from "./fieldNames.js";
import { hooks } from "./hooks.js";
import { createdAt, importId } from "./importId.js";
import { lookupEchoes, lookupIds } from "./lookups.js";
import { inputOutputKeys, modes } from "./modes.js";
import { operationFields } from "./operationFields.js";
import { exposedSettings, protocolConfig, providerFunctions, providerName, testingResource } from "./provider.js";
import { references } from "./references.js";
import type { ProviderInput, Rule } from "./rule.js";
import { secrets } from "./secrets.js";
import { typeKeys, typeShape } from "./typeKeys.js";
import { unionVariants } from "./unions.js";
import { walkDocument, type DocumentInput } from "./walk.js";

/** The checks beyond the meta-schema, one per item of schemas/README.md's list, in its order. */
export const RULES: readonly Rule[] = [
  providerName,
  providerFunctions,
  protocolConfig,
  testingResource,
  entityNames,
  fileNames,
  tokens,
  references,
  fieldNames,
  wireNames,
  modes,
  inputOutputKeys,
  env,
  exposedSettings,
  defaults,
  deprecatedRequired,
  requiredWhen,
  onlyWhen,
  conflictsWith,
  familyFrom,
  secrets,
  exceptVariants,
  typeKeys,
  typeShape,
  bounds,
  enumValues,
  enumNames,
  importId,
  createdAt,
  operationFields,
  hooks,
  lookupEchoes,
  lookupIds,
  unionVariants,
  typeCycles,
];

/** The document rules, and the checks of a document's binding to its provider's protocol (protocols/). */
const documentChecks = [
  ...RULES.flatMap((rule) => ("document" in rule ? [rule.document] : [])),
  checkCloudplatOperations,
  checkNetsvcOperations,
  checkLookupOperation,
];
const providerRules = RULES.flatMap((rule) => ("provider" in rule ? [rule.provider] : []));

/** The document checks on one document; the walk they share is done once. */
export function checkDocument(input: DocumentInput): Diagnostic[] {
  const walk = walkDocument(input);
  return documentChecks.flatMap((check) => check(walk, input));
}

/** The provider rules on its documents together. */
export const checkProviderRules = (input: ProviderInput): Diagnostic[] =>
  providerRules.flatMap((check) => check(input));
