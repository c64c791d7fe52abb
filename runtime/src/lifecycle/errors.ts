import type { ResourceRef } from "../http/errors.js";

/**
 * An object was created, but did not become ready: it timed out, failed, or waits for someone. The
 * object exists and is billed, so the error carries its id and the exact import id to adopt it; a
 * retry must import it rather than create another.
 */
export class WaitError extends Error {
  override readonly name = "WaitError";
  constructor(
    readonly resource: ResourceRef,
    readonly outcome: "timeout" | "failed" | "blocked",
    readonly status: string | undefined,
    readonly importId: string | undefined,
    detail: string,
  ) {
    super(
      `${resource.token} "${resource.name ?? ""}" (${resource.id}) ${detail}` +
        (importId ? `. It exists: adopt it with import("${importId}") instead of creating another` : ""),
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
      `${resource.token} "${resource.name ?? ""}" (${resource.id}): changing ${fields.map((f) => `${f.field} (${f.reason ?? "forces replacement"})`).join(", ")} ` +
        `replaces it; pass { allowReplace: true } to destroy and recreate it`,
    );
  }
}
