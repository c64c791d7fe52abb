/**
 * A promise of the worker's, awaited once this thread has done its own part (seconds, and turns of
 * the loop, later): marked handled now, so that a failure meanwhile is not taken for an unhandled one
 * (which ends the process). Whoever awaits it still gets the failure.
 */
export function awaitedLater<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}
