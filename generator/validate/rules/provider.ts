import { didYouMean } from "@sdkgen/runtime/providers";
import { entity } from "../../load/providerIndex.js";
import { at } from "../../load/sourceDoc.js";
import { PROVIDER_RUNTIMES } from "@sdkgen/runtime/providers";
import { PROVIDER_MEMBERS, RUNTIME_FUNCTIONS } from "../../runtimeContract.js";
import type { RawFields } from "../../load/rawTypes.js";
import type { Protocol } from "../../model/types.js";
import { eachField, type Rule } from "./rule.js";
import { providerEntity } from "./written.js";

export const providerName: Rule = {
  id: "provider-name",
  description: "the provider's `name` matches its folder",
  provider: (input) => {
    const { index } = input;
    const provider = providerEntity(input);
    return provider && provider.name !== index.name
      ? [at(index.provider!, ["name"], `provider name "${provider.name}" must match its folder schemas/${index.name}/`)]
      : [];
  },
};

export const providerFunctions: Rule = {
  id: "provider-functions",
  description: "every provider function is one the runtime implements",
  provider: (input) =>
    Object.keys(providerEntity(input)?.functions ?? {})
      .filter((fn) => !(RUNTIME_FUNCTIONS as readonly string[]).includes(fn))
      .map((fn) => {
        const message = `the runtime implements no provider function "${fn}" (it has ${RUNTIME_FUNCTIONS.join(", ")})${didYouMean(fn, RUNTIME_FUNCTIONS)}`;
        return at(input.index.provider!, ["functions", fn], message, "key");
      }),
};

export const exposedSettings: Rule = {
  id: "exposed",
  description:
    "`exposed` only on a top-level provider config field of a provider with a `protocol` (whose Provider class offers it), named unlike the class's members and functions",
  document: eachField(({ field: { raw, src, path, name } }) => {
    if (!raw.exposed) return [];
    const where = [...path, "exposed"];
    if (src.folder !== "provider" || path.length !== 2 || path[0] !== "config")
      return [at(src, where, `"exposed" applies to top-level provider config fields only`)];
    const provider = entity(src);
    const protocol = provider.protocol as Protocol | undefined;
    if (!protocol)
      return [at(src, where, `"exposed" needs the provider's protocol: without one, no Provider class is generated`)];
    const taken = [...PROVIDER_MEMBERS[protocol], ...Object.keys(provider.functions ?? {})];
    if (!taken.includes(name)) return [];
    return [
      at(src, where, `"${name}" cannot be exposed: the ${protocol} Provider class already has a member of that name`),
    ];
  }),
};

export const protocolConfig: Rule = {
  id: "protocol-config",
  description:
    "a provider with a `protocol` declares every setting that protocol's runtime needs a value for, of its type and secrecy, required or with a default",
  provider: (input) => {
    const { index } = input;
    const provider = providerEntity(input);
    const protocol = provider?.protocol as Protocol | undefined;
    const needs = protocol ? (PROVIDER_RUNTIMES[protocol]?.requiredConfig ?? {}) : {};
    const config: Partial<RawFields> = provider?.config ?? {};
    return Object.entries(needs).flatMap(([name, need]) => {
      const field = config[name];
      const what = `the ${protocol} runtime needs "${name}" (${need.secret ? "a secret " : ""}${need.type})`;
      if (!field) return [at(index.provider!, ["config"], `${what}: declare it in config`, "key")];
      const type = field.type === "integer" && need.type === "number" ? "number" : field.type;
      return [
        type !== need.type && at(index.provider!, ["config", name, "type"], `${what}, not ${String(field.type)}`),
        !!need.secret !== !!field.secret &&
          at(
            index.provider!,
            ["config", name],
            `${what}: ${need.secret ? "mark it secret: true" : "it is not secret"}`,
            "key",
          ),
        field.mode !== "required" &&
          field.default === undefined &&
          at(index.provider!, ["config", name], `${what}: make it mode: required, or give it a default`, "key"),
      ].filter((d) => d !== false);
    });
  },
};

export const testingResource: Rule = {
  id: "testing-resource",
  description:
    "`package.testing.resource` names a resource bound to operations (the README's test declares it in a stack)",
  provider: (input) => {
    const { index, valid } = input;
    const named = providerEntity(input)?.package?.testing?.resource;
    // A resource file that failed to load or the meta-schema may be the one named: its mistake says so.
    if (named === undefined || index.unread.size > 0 || !index.resources.every((src) => valid.has(src))) return [];
    const bound = index.resources.map(entity).flatMap((e) => (e.operations ? [e.name] : []));
    if (bound.includes(named)) return [];
    const message = `package.testing.resource: "${named}" is no resource bound to operations of ${index.name}`;
    return [at(index.provider!, ["package", "testing", "resource"], message + didYouMean(named, bound))];
  },
};
