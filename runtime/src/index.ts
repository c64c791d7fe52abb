// The core: what every generated package needs whatever its protocol. Each protocol has its own
// entry (@sdkgen/runtime/netsvc, @sdkgen/runtime/cloudplat), so a netsvc program never loads TC3
// signing or the STS credential chain; @sdkgen/runtime/providers is the generator's view of both.
import "./ambient.js";
export * from "./config.js";
export { ProviderSettings } from "./configuredProvider.js";
export type * from "./descriptor.js";
export * from "./env.js";
export * from "./formats.js";
export * from "./secret.js";
export * from "./suggest.js";
export * from "./terraformConfig.js";
export * from "./validate.js";
export * from "./http/errors.js";
export * from "./http/log.js";
export * from "./http/network.js";
export * from "./http/retry.js";
export * from "./http/transport.js";
export * from "./lifecycle/diff.js";
export * from "./lifecycle/importId.js";
export * from "./lifecycle/wait.js";
export * from "./lifecycle/errors.js";
export * from "./lifecycle/resource.js";
export * from "./lifecycle/providerSource.js";
export * from "./lifecycle/find.js";
export * from "./lifecycle/wire.js";
export * from "./lifecycle/deprecation.js";
export * from "./lifecycle/lookup.js";
export { mayBeIdentified } from "./lifecycle/identified.js";
export * from "./concurrency.js";
