// The stack model: declared resources kept as declared across runs. Its own entry
// (@sdkgen/runtime/stack), so a program that only calls the SDK never loads it.
export * from "./backend.js";
export * from "./cli.js";
export * from "./declare.js";
export type { Drift, RefreshResult } from "./drift.js";
export type { StackEvent, UpResult } from "./events.js";
export { fileBackend } from "./fileBackend.js";
export { postgresBackend, type PgClient, type PgPool } from "./postgresBackend.js";
export { concat, interpolate, Output, outputOf, type Input, type Inputs, type Reference, UNKNOWN } from "./output.js";
export * from "./plan.js";
export { StateKeyError, type KeySource } from "./sealing.js";
export * from "./stack.js";
export { defaultStateDir } from "./stateLocation.js";
export type { ResourceRecord, StackState } from "./state.js";
