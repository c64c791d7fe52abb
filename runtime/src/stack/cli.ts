import { readFile } from "node:fs/promises";
import { basename } from "node:path";
import { createInterface } from "node:readline/promises";
import { parseArgs } from "node:util";
import { Secret } from "../secret.js";
import { didYouMean } from "../suggest.js";
import type { StackEvent, UpResult } from "./events.js";
import { UNKNOWN } from "./output.js";
import { formatPlan, hasChanges, show, summary, type Plan } from "./plan.js";
import type { Drift } from "./drift.js";
import type { Stack } from "./stack.js";

/**
 * A stack program is its own command line: `node infra.js preview|up|refresh|destroy|…`, the program
 * declaring its stack and ending with `process.exitCode = await runStackCommand(stack)`. (A program
 * that runs itself needs no loader for TypeScript or ES modules, and keeps its own providers and
 * credentials: the reason this is not a `sdkgen stack` subcommand loading a file.)
 *
 * Exit codes a CI job can use: 0 done (for preview: no changes), 2 preview found changes,
 * 1 failed or refused, 130 interrupted (Ctrl-C or SIGTERM).
 */
export const EXIT = { ok: 0, failed: 1, changes: 2, interrupted: 130 } as const;

export interface CommandIo {
  readonly out: { write(text: string): unknown; readonly isTTY?: boolean };
  readonly err: { write(text: string): unknown };
  /** Answers the confirmation; default a prompt on the terminal, refused when there is none. */
  readonly confirm?: (question: string) => Promise<boolean>;
  /** The program as usage names it; default the entry module's file name. */
  readonly program?: string;
}

const COMMANDS = {
  preview: "what up would do, sending only reads (exit 2 when there are changes)",
  up: "apply the program: create, update, replace and delete, in dependency order",
  refresh: "read every object, show what drifted, record what the service has",
  destroy: "delete every resource of the stack, dependents first",
  outputs: "print the stack's outputs (secrets as [secret] unless --show-secrets)",
  export: "print the state (format 1, secrets sealed), to keep or move",
  import: "replace the state with an exported one: import FILE",
  unlock: "release the lock of a run that is gone (refused while it runs)",
} as const;
type Command = keyof typeof COMMANDS;

const OPTIONS = {
  yes: { type: "boolean", help: "apply without asking" },
  json: { type: "boolean", help: "print one JSON document (its shape: the docs' Stacks page)" },
  target: {
    type: "string",
    multiple: true,
    help: "only this resource and what it depends on (destroy: what depends on it); repeatable",
  },
  "allow-duplicates": {
    type: "boolean",
    help: "order objects although unrecorded ones of the same kind and name exist",
  },
  "show-secrets": { type: "boolean", help: "outputs: print secret values" },
  help: { type: "boolean", short: "h", help: "this text" },
} as const;

function usage(program: string): string {
  const width = Math.max(...Object.keys(COMMANDS).map((c) => c.length));
  return [
    `usage: ${program} <command> [options]`,
    "",
    ...Object.entries(COMMANDS).map(([c, text]) => `  ${c.padEnd(width)}  ${text}`),
    "",
    ...Object.entries(OPTIONS).map(([o, spec]) => `  --${o}${"multiple" in spec ? " NAME" : ""}  ${spec.help}`),
    "",
    "The state: files in .sdkgen/stacks of the program's project (SDKGEN_STACK_DIR to choose), unless the program names a backend.",
    "Exit codes: 0 done, 2 preview found changes, 1 failed or refused, 130 interrupted.",
    "",
  ].join("\n");
}

/** One JSON shape for every command (`--json`): what was planned, done, drifted and output. */
interface CommandReport {
  readonly command: Command;
  readonly stack: string;
  readonly state: string;
  readonly steps: Plan["steps"];
  readonly summary: ReturnType<typeof summary> | null;
  readonly applied: boolean;
  readonly interrupted: boolean;
  readonly failed: readonly { readonly name: string; readonly error: string }[];
  readonly drift: readonly Drift[];
  readonly outputs: Record<string, unknown>;
  readonly durationMs: number;
  readonly error?: string;
}

/** A command's report as it is filled in. */
type Report = { -readonly [K in keyof CommandReport]: CommandReport[K] };

export async function runStackCommand(
  stack: Stack,
  argv: readonly string[] = process.argv.slice(2),
  io: CommandIo = { out: process.stdout, err: process.stderr },
): Promise<number> {
  const program = io.program ?? (process.argv[1] ? basename(process.argv[1]) : "<program>");
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (e) {
    const option = /'(--?[\w-]+)'/.exec((e as Error).message)?.[1];
    const hint = option ? didYouMean(option.replace(/^-+/, ""), Object.keys(OPTIONS)).replace(/"(?=\w)/, '"--') : "";
    io.err.write(`${(e as Error).message}${hint}\n${usage(program)}`);
    return EXIT.failed;
  }
  const [name, ...rest] = parsed.positionals;
  if (parsed.values.help) {
    io.out.write(usage(program));
    return EXIT.ok;
  }
  if (!name || !(name in COMMANDS) || rest.length !== (name === "import" ? 1 : 0)) {
    const problem = !name
      ? "no command"
      : name in COMMANDS
        ? `${name} takes ${name === "import" ? "one FILE" : "no argument"} (got ${rest.length})`
        : `unknown command "${name}"${didYouMean(name, Object.keys(COMMANDS))}`;
    io.err.write(`${problem}\n${usage(program)}`);
    return EXIT.failed;
  }
  const command = name as Command;
  const json = parsed.values.json === true;
  // Machine-read output (JSON, an exported state) keeps stdout to itself.
  const note = json || command === "export" ? io.err : io.out;
  note.write(`stack ${stack.name} · state: ${stack.where}\n`);

  const started = Date.now();
  const report: Report = {
    command,
    stack: stack.name,
    state: stack.where,
    steps: [],
    summary: null,
    applied: false,
    interrupted: false,
    failed: [],
    drift: [],
    outputs: {},
    durationMs: 0,
  };
  const finish = (code: number): number => {
    report.durationMs = Date.now() - started;
    if (json) io.out.write(`${JSON.stringify(report, jsonValue, 2)}\n`);
    return code;
  };
  const stop = interruption(io.err);
  try {
    const targets = parsed.values.target;
    switch (command) {
      case "preview": {
        const plan = await stack.preview({ targets });
        Object.assign(report, { steps: plan.steps, summary: summary(plan) });
        if (!json) io.out.write(`${formatPlan(plan)}\n${done("preview", started)}\n`);
        return finish(hasChanges(plan) ? EXIT.changes : EXIT.ok);
      }
      case "up":
      case "destroy": {
        const confirm = async (plan: Plan): Promise<boolean> => {
          Object.assign(report, { steps: plan.steps, summary: summary(plan) });
          if (!json) io.out.write(`${formatPlan(plan)}\n`);
          if (!hasChanges(plan)) return false;
          if (parsed.values.yes) return true;
          if (json) {
            io.err.write("--json needs --yes to apply; not applied\n");
            return false;
          }
          return (io.confirm ?? terminalConfirm(io))(`${command} stack "${stack.name}"?`);
        };
        const run = { confirm, targets, signal: stop.signal, allowDuplicates: parsed.values["allow-duplicates"] };
        const progress = json ? undefined : progressPrinter(io.out);
        const result = await (command === "up"
          ? stack.up({ ...run, onEvent: progress })
          : stack.destroy({ ...run, onEvent: progress }));
        return finish(await applied(stack, command, result, report, io, json, started, parsed.values.yes === true));
      }
      case "refresh": {
        const { drift } = await stack.refresh();
        Object.assign(report, { drift, applied: true });
        if (!json) {
          for (const d of drift) io.out.write(`${driftLines(d)}\n`);
          io.out.write(
            `${drift.length ? `${drift.length} drifted, recorded` : "no drift"}\n${done("refresh", started)}\n`,
          );
        }
        return finish(EXIT.ok);
      }
      case "outputs": {
        const outputs = await stack.outputs();
        report.outputs = shownOutputs(outputs, parsed.values["show-secrets"] === true);
        if (!json) io.out.write(outputLines(report.outputs));
        return finish(EXIT.ok);
      }
      case "export":
        io.out.write(await stack.exportState());
        return EXIT.ok;
      case "import":
        await stack.importState(await readFile(rest[0]!, "utf8"));
        io.out.write(`state of stack "${stack.name}" replaced from ${rest[0]!}\n`);
        return finish(EXIT.ok);
      case "unlock":
        await stack.unlock();
        io.out.write(`stack "${stack.name}" is not locked now\n`);
        return finish(EXIT.ok);
    }
  } catch (e) {
    report.error = (e as Error).message ?? String(e);
    io.err.write(`${report.error}\n`);
    return finish(EXIT.failed);
  } finally {
    stop.release();
  }
}

/** Reports an applied (or declined) up or destroy, with its outputs; the exit code. */
async function applied(
  stack: Stack,
  command: "up" | "destroy",
  result: UpResult,
  report: Report,
  io: CommandIo,
  json: boolean,
  started: number,
  yes: boolean,
): Promise<number> {
  report.applied = result.applied;
  report.interrupted = result.interrupted ?? false;
  report.failed = result.failed.map((f) => ({ name: f.name, error: messageOf(f.error) }));
  if (!result.applied) {
    if (hasChanges(result.plan)) io.err.write("not applied (answer yes, or pass --yes)\n");
    else if (!json) io.out.write(`no changes\n${done(command, started)}\n`);
    return hasChanges(result.plan) && !yes ? EXIT.failed : EXIT.ok;
  }
  if (command === "up") report.outputs = shownOutputs(await stack.outputs(), false);
  if (!json) {
    for (const f of report.failed) io.err.write(`  ! ${f.name}: ${f.error}\n`);
    if (report.interrupted)
      io.err.write(
        "interrupted: nothing new was started; what was in flight is recorded in the state as pending, and the next up finishes it (preview shows it)\n",
      );
    io.out.write(outputLines(report.outputs));
    // What was done: the plan's steps less those that failed or were not started.
    const failed = new Set(result.failed.map((f) => f.name));
    const n = summary({ ...result.plan, steps: result.plan.steps.filter((s) => !failed.has(s.name)) });
    const did =
      command === "up"
        ? `${n.create} created, ${n.import} imported, ${n.update} updated, ${n.replace} replaced, ${n.delete} deleted, ${n.unchanged} unchanged`
        : `${n.delete} deleted`;
    io.out.write(
      `${did}${report.failed.length ? `; ${report.failed.length} failed` : ""}\n${done(command, started)}\n`,
    );
  }
  return report.interrupted ? EXIT.interrupted : report.failed.length ? EXIT.failed : EXIT.ok;
}

const done = (command: string, started: number) => `${command} took ${((Date.now() - started) / 1000).toFixed(1)} s`;

const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** Outputs as printed: secrets "[secret]" unless shown, a value not known yet "(known after up)". */
function shownOutputs(outputs: Record<string, unknown>, showSecrets: boolean): Record<string, unknown> {
  const shown = (v: unknown): unknown =>
    v instanceof Secret
      ? showSecrets
        ? v.reveal()
        : "[secret]"
      : v === UNKNOWN
        ? String(UNKNOWN)
        : Array.isArray(v)
          ? v.map(shown)
          : v !== null && typeof v === "object"
            ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, shown(x)]))
            : v;
  return Object.fromEntries(Object.entries(outputs).map(([k, v]) => [k, shown(v)]));
}

const outputLines = (outputs: Record<string, unknown>): string =>
  Object.entries(outputs)
    .map(([k, v]) => `  ${k}: ${typeof v === "string" ? v : show(v)}\n`)
    .join("");

function driftLines(d: Drift): string {
  if (d.gone) return `  - ${d.name} (${d.kind}): gone; the next up makes it again`;
  return [
    `  ~ ${d.name} (${d.kind}): drifted`,
    ...d.changes.map((c) => `      ${c.field}: ${show(c.from)} → ${show(c.to)}`),
  ].join("\n");
}

/** JSON of a report: unknowns as "(known after up)", Secrets as "[secret]" (never revealed here). */
const jsonValue = (_: string, v: unknown): unknown => (v instanceof Secret ? "[secret]" : v);

/**
 * Ctrl-C and SIGTERM during a command: the first stops the run from starting anything more (the
 * signal aborts it); what is in flight ends or is recorded as pending, the state is saved and the lock
 * released before the exit (130). A second one exits at once: the state already records what was sent.
 */
function interruption(err: CommandIo["err"]): { signal: AbortSignal; release(): void } {
  const controller = new AbortController();
  const onSignal = () => {
    if (controller.signal.aborted) process.exit(EXIT.interrupted);
    err.write("\nstopping: no new operation starts; waiting for those in flight to be recorded (again to exit now)\n");
    controller.abort(new Error("interrupted"));
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  return {
    signal: controller.signal,
    release: () => {
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
    },
  };
}

/** A terminal question; no terminal means no answer, so nothing is applied without --yes. */
function terminalConfirm(io: CommandIo): (question: string) => Promise<boolean> {
  return async (question) => {
    if (!process.stdin.isTTY) {
      io.err.write("no terminal to ask on (pass --yes); ");
      return false;
    }
    const rl = createInterface({ input: process.stdin, output: process.stdout });
    try {
      return /^y(es)?$/i.test((await rl.question(`${question} (yes/no) `)).trim());
    } finally {
      rl.close();
    }
  };
}

/**
 * Progress: on a terminal, one live line per resource (status, elapsed), redrawn in place; otherwise
 * a plain line per event, for logs.
 */
export function progressPrinter(out: CommandIo["out"]): (event: StackEvent) => void {
  const line = (e: StackEvent) =>
    `${e.name}: ${e.operation} ${e.phase === "status" ? (e.status ?? "") : e.phase}${e.phase === "failed" ? ` (${messageOf(e.error)})` : ""} ${(e.elapsedMs / 1000).toFixed(1)} s`;
  if (!out.isTTY) return (e) => void out.write(`${line(e)}\n`);
  const shown = new Map<string, string>();
  let drawn = 0;
  return (e) => {
    shown.set(e.name, line(e));
    out.write(`${drawn ? `\x1b[${drawn}A` : ""}${[...shown.values()].map((l) => `\x1b[2K${l}\n`).join("")}`);
    drawn = shown.size;
  };
}
