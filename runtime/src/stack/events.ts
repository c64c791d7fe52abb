import type { PlannedStep, Plan } from "./plan.js";

/** Progress of up and destroy: one event per resource as it starts, reports a status, ends or fails. */
export interface StackEvent {
  readonly name: string;
  readonly operation: PlannedStep["operation"];
  readonly phase: "start" | "status" | "done" | "failed";
  readonly elapsedMs: number;
  readonly status?: string;
  readonly error?: unknown;
}

export interface UpResult {
  readonly plan: Plan;
  /** Resources whose operation failed, and those skipped because something they depend on failed or the run was interrupted. */
  readonly failed: readonly { readonly name: string; readonly error: unknown }[];
  /** False when `confirm` declined the plan: nothing was sent. */
  readonly applied: boolean;
  /** The run was stopped by its signal (Ctrl-C): what was in flight is recorded as pending. */
  readonly interrupted?: boolean;
}
