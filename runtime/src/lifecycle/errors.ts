import { bounded, MAX_MESSAGE } from "../bounded.js";
import { named, type ResourceRef } from "../http/errors.js";
import type { Secret } from "../secret.js";

/**
 * An object was created, but did not become ready: it timed out, failed, or waits for someone. The
 * object exists and is billed, so the error carries its id and the exact import id to adopt it; a
 * retry must import it rather than create another.
 */
export class WaitError extends Error {
  override readonly name = "WaitError";
  constructor(
    readonly resource: ResourceRef,
    /**
     * `interrupted`: a read failed for good, or the caller aborted; `incomplete`: a step after the
     * create (one setting what its request cannot carry) failed; `cause` says which.
     */
    readonly outcome: "timeout" | "failed" | "blocked" | "interrupted" | "incomplete",
    readonly status: string | undefined,
    readonly importId: string | undefined,
    detail: string,
    cause?: unknown,
  ) {
    super(
      `${named({ ...resource, id: undefined })} (${resource.id}) ${bounded(detail)}` +
        (importId ? `. It exists: adopt it with import("${bounded(importId)}") instead of creating another` : ""),
      cause === undefined ? undefined : { cause },
    );
  }
}

/**
 * A create's request may have reached the service, but its answer never came (a dropped connection, a
 * server error, the caller's abort), so the SDK cannot tell whether the object exists. The objects
 * matching the create's arguments are named with the import ids that adopt them; creating again
 * before looking could order a second, billed object.
 */
export class OrderUncertainError extends Error {
  override readonly name = "OrderUncertainError";
  constructor(
    readonly resource: ResourceRef,
    /**
     * Import ids of the objects that match the create's arguments (those made since the order, where
     * the kind says when); a Secret where the id is itself a secret (a service key): reveal() it to adopt.
     */
    readonly candidates: readonly (string | Secret<string>)[],
    cause: unknown,
  ) {
    const what = named({ ...resource, id: undefined });
    const why = bounded(cause instanceof Error ? cause.message : String(cause));
    const found =
      candidates.length === 0
        ? "no matching object was found yet; it may still appear: look with find() before creating it again"
        : `matching objects: ${candidates.map((c) => `import("${c}")`).join(", ")}; adopt the one this order made instead of creating another`;
    super(
      bounded(`${what}: the order may have been accepted, but its answer was lost (${why}); ${found}`, MAX_MESSAGE),
      {
        cause,
      },
    );
  }
}

/** An update would destroy and recreate the object, and the caller did not allow replacement. */
export class ReplacementRequiredError extends Error {
  override readonly name = "ReplacementRequiredError";
  constructor(
    readonly resource: ResourceRef,
    readonly fields: readonly { readonly field: string; readonly reason?: string | undefined }[],
  ) {
    super(
      `${named({ ...resource, id: undefined })} (${resource.id}): changing ${fields.map((f) => `${f.field} (${f.reason ?? "forces replacement"})`).join(", ")} ` +
        `replaces it; pass { allowReplace: true } to destroy and recreate it`,
    );
  }
}
