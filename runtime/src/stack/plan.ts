import type { Diff, FieldChange } from "../lifecycle/diff.js";
import { UNKNOWN } from "./output.js";

/** What `up` will do to one logical resource. */
export type Operation = "create" | "import" | "update" | "replace" | "delete" | "same";

export interface PlannedStep {
  /** Its logical name in the stack. */
  readonly name: string;
  /** Its kind's token. */
  readonly kind: string;
  readonly operation: Operation;
  /** For update and replace: each changed input, old → new (secrets as "[secret]"), with why it replaces. */
  readonly changes: readonly FieldChange[];
}

export interface Plan {
  readonly stack: string;
  /** In the order `up` applies them: what others depend on first, deletions last (dependents first). */
  readonly steps: readonly PlannedStep[];
}

/** The step for a declared resource that exists, from its diff (ignoreChanges already left out). */
export function stepFor(name: string, kind: string, diff: Diff): PlannedStep {
  const operation = diff.changes.length === 0 ? "same" : diff.replaces ? "replace" : "update";
  return { name, kind, operation, changes: diff.changes };
}

/** Counts per operation, for a summary line and a CI's exit code. */
export function summary(plan: Plan): Record<Operation, number> {
  const counts: Record<Operation, number> = { create: 0, import: 0, update: 0, replace: 0, delete: 0, same: 0 };
  for (const s of plan.steps) counts[s.operation]++;
  return counts;
}

export const hasChanges = (plan: Plan): boolean => plan.steps.some((s) => s.operation !== "same");

const SYMBOL: Record<Operation, string> = {
  create: "+",
  import: "=",
  update: "~",
  replace: "-/+",
  delete: "-",
  same: " ",
};

/** The plan as `terraform plan` prints one: a symbol per resource, each change old → new with its reason. */
export function formatPlan(plan: Plan): string {
  const lines: string[] = [];
  for (const s of plan.steps.filter((x) => x.operation !== "same")) {
    lines.push(`${SYMBOL[s.operation].padStart(3)} ${s.name} (${s.kind}): ${s.operation}`);
    for (const c of s.changes)
      lines.push(
        `      ${c.field}: ${show(c.from)} → ${show(c.to)}${c.replaces ? ` (replaces: ${c.reason ?? "forces replacement"})` : ""}`,
      );
  }
  const n = summary(plan);
  lines.push(
    `${n.create} to create, ${n.import} to import, ${n.update} to update, ${n.replace} to replace, ${n.delete} to delete, ${n.same} unchanged`,
  );
  return lines.join("\n");
}

/** The plan as JSON, for a CI job to read: its steps (unknowns as "(known after up)") and counts. */
export function planJson(plan: Plan): string {
  return JSON.stringify({ stack: plan.stack, steps: plan.steps, summary: summary(plan) }, null, 2);
}

const show = (v: unknown): string =>
  v === undefined ? "(unset)" : v === UNKNOWN ? String(UNKNOWN) : (JSON.stringify(v) ?? String(v));
