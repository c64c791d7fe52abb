export * from "./config.js";
export type * from "./descriptor.js";
export * from "./env.js";
export * from "./formats.js";
export * from "./secret.js";
export * from "./suggest.js";
export * from "./terraformConfig.js";
export * from "./validate.js";
