/**
 * Provisioning status over the virtual clock (reference §6). Steps are stored with their due time and applied lazily
 * by `settle` whenever the store is read, so no timers run and an `advance` takes effect on the next request.
 *
 *   buy:     DEPLOYABLE → CONFIGURED (configuredAfterMs) → LIVE (liveAfterMs)
 *   modify:  DEPLOYABLE → CONFIGURED → LIVE again (the Port/MVE/VXC modify fixtures answer DEPLOYABLE, §3.1)
 *   add-on:  CONFIGURING → CONFIGURED → LIVE (CONFIGURING is seen in mpgo's add-on wait test, §6)
 *   CANCEL:  CANCELLED until the contract end date, then DECOMMISSIONED; UN_CANCEL restores the previous status
 *   CANCEL_NOW: DECOMMISSIONED at once; GET still returns the product
 */
import type { ProductRec } from "./types.js";

export interface Timings {
  /** Virtual ms from order (or modify) to CONFIGURED. */
  configuredAfterMs: number;
  /** Virtual ms from order (or modify) to LIVE; at least configuredAfterMs. */
  liveAfterMs: number;
}

export const READY = new Set(["CONFIGURED", "LIVE"]);
/** Inactive statuses: list helpers drop them (§3) and they hold no VLANs. */
export const INACTIVE = new Set(["CANCELLED", "CANCELLED_PARENT", "DECOMMISSIONING", "DECOMMISSIONED"]);

export const isActive = (p: ProductRec): boolean => !INACTIVE.has(p.status);

/** Start (or restart) provisioning from `from`, e.g. DEPLOYABLE after a buy or modify. */
export function provision(p: ProductRec, now: number, t: Timings, from = "DEPLOYABLE"): void {
  p.status = from;
  p.schedule = [
    { at: now + t.configuredAfterMs, status: "CONFIGURED" },
    { at: now + t.liveAfterMs, status: "LIVE" },
  ];
}

/** Apply every step due by `now`, in order. */
export function settle(p: ProductRec, now: number): void {
  if (p.schedule.length === 0) return;
  p.schedule.sort((a, b) => a.at - b.at);
  while (p.schedule.length > 0) {
    const step = p.schedule[0];
    if (!step || step.at > now) break;
    p.schedule.shift();
    p.status = step.status;
    if (step.status === "LIVE" && p.liveDate === null) p.liveDate = step.at;
    if (step.status === "DECOMMISSIONED") p.terminateDate ??= step.at;
  }
}

/** CANCEL: inactive now, decommissioned at `at` (end of term); `as` is CANCELLED, or CANCELLED_PARENT for children. */
export function markCancelled(p: ProductRec, at: number, as: string): void {
  p.cancelledFrom = p.status;
  p.status = as;
  p.terminateDate = at;
  p.schedule = [{ at, status: "DECOMMISSIONED" }];
}

export function markDecommissioned(p: ProductRec, now: number): void {
  p.status = "DECOMMISSIONED";
  p.schedule = [];
  p.terminateDate = now;
}

/** UN_CANCEL: back to the status before CANCEL; a product cancelled mid-provisioning provisions again. */
export function restore(p: ProductRec, now: number, t: Timings): void {
  const previous = p.cancelledFrom;
  p.cancelledFrom = null;
  p.terminateDate = null;
  p.schedule = [];
  if (previous !== null && READY.has(previous)) p.status = previous;
  else provision(p, now, t);
}
