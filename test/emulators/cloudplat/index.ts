/** Local emulator of the cloudplat (Tencent Cloud API 3.0) services for end-to-end tests. See README.md. */
export {
  startCloudplatEmulator,
  type CloudplatCredentials,
  type CloudplatEmulator,
  type CloudplatEmulatorOptions,
  type CloudplatTimings,
} from "./emulator.js";
export type { VirtualClock, ClockOptions } from "../clock.js";
export type { ArmedFault, FaultKind, FaultRule, Faults } from "./faults.js";
export type { EmulatorState, RequestFilter } from "./inspect.js";
export type { LoggedRequest, KeyRec, Principal } from "./types.js";
