/**
 * Error codes worth another attempt (wire reference §2.3, the codes the reference provider retries):
 * matched on the whole code or on the part before the first dot, so
 * `RequestLimitExceeded.UinLimitExceeded` and `ResourceUnavailable.X` qualify.
 */
const RETRYABLE = new Set([
  "RequestLimitExceeded",
  "ResourceInUse",
  "ResourceUnavailable",
  "ResourceBusy",
  "InvalidParameter.ActionInProgress",
  "OperationDenied.InstanceStatusLimitError",
  "UnsupportedOperation.UnsupportedDeleteService",
  "FailedOperation.ListenerHasTask",
]);

/**
 * Whether an error code is retried. `InternalError` is retried on reads only: a write that failed
 * inside the service may have taken effect. `extra` adds codes for one call.
 */
export function retryableCode(code: string, read: boolean, extra: readonly string[] = []): boolean {
  const head = code.split(".", 1)[0]!;
  if (RETRYABLE.has(code) || RETRYABLE.has(head)) return true;
  if (read && head === "InternalError") return true;
  return extra.includes(code) || extra.includes(head);
}

/**
 * Actions that may make an object (a service, an API, a release): one that failed without an answer
 * saying so may have taken effect, and is never sent again blindly (placeOrder looks for what it made).
 * Every other write sets, binds or removes, and repeating it does no more than the first.
 */
export const mayCreate = (action: string): boolean => /^(Create|Release|Run|Allocate|Apply)[A-Z]/.test(action);

/** Actions that only read: retried on InternalError and on any lost connection. */
export const isReadAction = (action: string): boolean => /^(Describe|Get|List|Query|Inquire|Check)[A-Z]/.test(action);
