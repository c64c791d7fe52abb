import { didYouMean } from "@sdkgen/runtime";
import { at } from "../../load/sourceDoc.js";
import { RUNTIME_FUNCTIONS } from "../../runtimeContract.js";
import type { Rule } from "./rule.js";

export const providerName: Rule = {
  id: "provider-name",
  description: "the provider's `name` matches its folder",
  check: ({ index, walk: { provider } }) =>
    provider && provider.name !== index.name
      ? [at(index.provider!, ["name"], `provider name "${provider.name}" must match its folder schemas/${index.name}/`)]
      : [],
};

export const providerFunctions: Rule = {
  id: "provider-functions",
  description: "every provider function is one the runtime implements",
  check: ({ index, walk: { provider } }) =>
    Object.keys(provider?.functions ?? {})
      .filter((fn) => !(RUNTIME_FUNCTIONS as readonly string[]).includes(fn))
      .map((fn) =>
        at(
          index.provider!,
          ["functions", fn],
          `the runtime implements no provider function "${fn}" (it has ${RUNTIME_FUNCTIONS.join(", ")})${didYouMean(fn, RUNTIME_FUNCTIONS)}`,
          "key",
        ),
      ),
};
