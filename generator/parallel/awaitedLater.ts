/** A worker's promise awaited later: marked handled now, so a failure meanwhile does not end the process. */
export function awaitedLater<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}
