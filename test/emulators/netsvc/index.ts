/** Local emulator of the netsvc (Megaport) REST API for end-to-end tests. See README.md. */
export { startNetsvcEmulator, type NetsvcEmulator, type NetsvcEmulatorOptions } from "./emulator.js";
export type { Credentials } from "./auth.js";
export type { VirtualClock, ClockOptions } from "../clock.js";
export type { ArmedFault, FaultKind, FaultRule, Faults } from "./faults.js";
export type { EmulatorState, RequestFilter } from "./inspect.js";
export type { Timings } from "./lifecycle.js";
export type { LoggedRequest, ProductRec, ServiceKeyRec, PrefixListRec } from "./types.js";
export { LOCATIONS, PARTNER_PORTS, MVE_IMAGES, MVE_SIZES, IXPS } from "./catalogData.js";
export { DEFAULT_MCR_ASN } from "./mcr.js";
