import type { Diff, FieldChange } from "../lifecycle/diff.js";
import { UNKNOWN } from "./output.js";

/** What `up` will do to one logical resource. */
export type Operation = "create" | "import" | "update" | "replace" | "delete" | "unchanged";

export const OPERATIONS: readonly Operation[] = ["create", "import", "update", "replace", "delete", "unchanged"];

export interface PlannedStep {
  /** Its logical name in the stack. */
  readonly name: string;
  /** Its kind's token. */
  readonly kind: string;
  readonly operation: Operation;
  /** For update and replace: each changed input, old → new (secrets as "[secret]"), with why it replaces. */
  readonly changes: readonly FieldChange[];
  /**
   * Work the state holds for it beyond its inputs, which `up` finishes even when nothing else changed:
   * an operation an interrupted run sent (its outcome looked for before anything is sent again),
   * replaced objects still to delete, options (protect, retainOnDelete) to record.
   */
  readonly pending?: readonly string[] | undefined;
  /**
   * For a create the state knows nothing of: objects of its kind that already match its inputs (a
   * lost or misplaced state). `up` refuses to order a second copy unless allowed, or told to `import`.
   */
  readonly existing?: readonly string[] | undefined;
}

export interface Plan {
  readonly stack: string;
  /** In the order `up` applies them: what others depend on first, deletions last (dependents first). */
  readonly steps: readonly PlannedStep[];
}

/** The step for a declared resource that exists, from its diff (ignoreChanges already left out). */
export function stepFor(name: string, kind: string, diff: Diff): PlannedStep {
  const operation = diff.changes.length === 0 ? "unchanged" : diff.replaces ? "replace" : "update";
  return { name, kind, operation, changes: diff.changes };
}

/** Counts per operation, and of the steps with pending work, for a summary line and a CI's exit code. */
export function summary(plan: Plan): Record<Operation | "pending", number> {
  const counts = Object.fromEntries([...OPERATIONS, "pending"].map((o) => [o, 0])) as Record<
    Operation | "pending",
    number
  >;
  for (const s of plan.steps) {
    counts[s.operation]++;
    if (s.pending?.length) counts.pending++;
  }
  return counts;
}

/** Whether `up` has anything to do: a change, or work the state holds. */
export const hasChanges = (plan: Plan): boolean =>
  plan.steps.some((s) => s.operation !== "unchanged" || (s.pending?.length ?? 0) > 0);

const SYMBOL: Record<Operation, string> = {
  create: "+",
  import: "=",
  update: "~",
  replace: "-/+",
  delete: "-",
  unchanged: "*",
};

/** The plan as `terraform plan` prints one: a symbol per resource, each change old → new with its reason. */
export function formatPlan(plan: Plan): string {
  const lines: string[] = [];
  for (const s of plan.steps.filter((x) => x.operation !== "unchanged" || x.pending?.length)) {
    lines.push(`${SYMBOL[s.operation].padStart(3)} ${s.name} (${s.kind}): ${s.operation}`);
    for (const c of s.changes)
      lines.push(
        `      ${c.field}: ${show(c.from)} → ${show(c.to)}${c.replaces ? ` (replaces: ${c.reason ?? "forces replacement"})` : ""}`,
      );
    for (const p of s.pending ?? []) lines.push(`      pending: ${p}`);
    if (s.existing?.length)
      lines.push(
        `      already exists: ${s.existing.join(", ")} match its inputs and no state records them; up refuses to order a second copy (adopt one with the \`import\` option, or pass --allow-duplicates)`,
      );
  }
  lines.push(summaryLine(plan));
  return lines.join("\n");
}

/** `1 to create, …, 2 unchanged[, 1 with pending work]`. */
export function summaryLine(plan: Plan): string {
  const n = summary(plan);
  return `${n.create} to create, ${n.import} to import, ${n.update} to update, ${n.replace} to replace, ${n.delete} to delete, ${n.unchanged} unchanged${n.pending ? `, ${n.pending} with pending work` : ""}`;
}

/** A value as a plan line shows it, cut to a line's worth. */
export const show = (v: unknown): string => {
  const text = v === undefined ? "(unset)" : v === UNKNOWN ? String(UNKNOWN) : (JSON.stringify(v) ?? String(v));
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}… (${text.length - MAX_SHOWN} more characters)` : text;
};

const MAX_SHOWN = 200;
