import { readFile } from "node:fs/promises";
import { createInterface } from "node:readline/promises";
import { parseArgs } from "node:util";
import { formatPlan, hasChanges, planJson } from "./plan.js";
import type { StackEvent, UpResult } from "./events.js";
import type { Stack } from "./stack.js";

/**
 * A stack program is its own command line: `node infra.js preview|up|refresh|destroy [--yes]`, the
 * program declaring its stack and ending with `process.exitCode = await runStackCommand(stack)`.
 * (A program that runs itself needs no loader for TypeScript or ES modules, and keeps its own
 * providers and credentials: the reason this is not a `sdkgen stack` subcommand loading a file.)
 *
 * Exit codes a CI job can use: 0 done (or, for preview, no changes), 2 preview found changes,
 * 1 failed or refused.
 */
export const EXIT = { ok: 0, failed: 1, changes: 2 } as const;

export interface CommandIo {
  readonly out: { write(text: string): unknown; readonly isTTY?: boolean };
  readonly err: { write(text: string): unknown };
  /** Answers the confirmation; default a prompt on the terminal, refused when there is none. */
  readonly confirm?: (question: string) => Promise<boolean>;
}

const USAGE = `usage: <program> preview [--json] | up|refresh|destroy [--yes] | export | import FILE

  preview   what up would do, sending only reads (exit 2 when there are changes);
            --json prints the plan as JSON for a CI job (secrets as "[secret]")
  up        apply the program: create, update, replace and delete, in dependency order
  refresh   read every object, show drift, record what the service has
  destroy   delete every resource of the stack, dependents first
  export    print the state (format 1, secrets sealed), to keep or move
  import    replace the state with an exported one (opened with this stack's key first)
  --yes     apply without asking
`;

export async function runStackCommand(
  stack: Stack,
  argv: readonly string[] = process.argv.slice(2),
  io: CommandIo = { out: process.stdout, err: process.stderr },
): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: { yes: { type: "boolean" }, json: { type: "boolean" }, help: { type: "boolean", short: "h" } },
      allowPositionals: true,
    });
  } catch (e) {
    io.err.write(`${(e as Error).message}\n${USAGE}`);
    return EXIT.failed;
  }
  const [command, ...rest] = parsed.positionals;
  if (parsed.values.help) {
    io.out.write(USAGE);
    return EXIT.ok;
  }
  const arity: Record<string, number> = { preview: 0, up: 0, refresh: 0, destroy: 0, export: 0, import: 1 };
  if (!command || arity[command] !== rest.length) {
    io.err.write(`${command ? `unknown command "${[command, ...rest].join(" ")}"` : "no command"}\n${USAGE}`);
    return EXIT.failed;
  }
  try {
    if (command === "preview") {
      const plan = await stack.preview();
      io.out.write(`${parsed.values.json ? planJson(plan) : formatPlan(plan)}\n`);
      return hasChanges(plan) ? EXIT.changes : EXIT.ok;
    }
    if (command === "export") {
      io.out.write(await stack.exportState());
      return EXIT.ok;
    }
    if (command === "import") {
      await stack.importState(await readFile(rest[0]!, "utf8"));
      io.out.write(`state of stack "${stack.name}" replaced from ${rest[0]!}\n`);
      return EXIT.ok;
    }
    if (command === "refresh") {
      const { drift } = await stack.refresh();
      for (const d of drift)
        io.out.write(
          d.gone
            ? `  - ${d.name} (${d.kind}): gone; the next up makes it again\n`
            : `  ~ ${d.name} (${d.kind}): ${d.changes.map((c) => `${c.field} ${JSON.stringify(c.from)} → ${JSON.stringify(c.to)}`).join(", ")}\n`,
        );
      io.out.write(drift.length ? `${drift.length} drifted, recorded\n` : "no drift\n");
      return EXIT.ok;
    }
    const plan = command === "up" ? await stack.preview() : await stack.previewDestroy();
    io.out.write(`${formatPlan(plan)}\n`);
    if (!hasChanges(plan)) return EXIT.ok;
    if (!parsed.values.yes && !(await (io.confirm ?? terminalConfirm(io))(`${command} stack "${stack.name}"?`))) {
      io.err.write("not applied (answer yes, or pass --yes)\n");
      return EXIT.failed;
    }
    const progress = progressPrinter(io.out);
    const result = await (command === "up" ? stack.up(progress) : stack.destroy(progress));
    return report(result, io);
  } catch (e) {
    io.err.write(`${(e as Error).message}\n`);
    return EXIT.failed;
  }
}

function report(result: UpResult, io: CommandIo): number {
  for (const f of result.failed) io.err.write(`  ! ${f.name}: ${String((f.error as Error)?.message ?? f.error)}\n`);
  io.out.write(result.failed.length ? `${result.failed.length} failed\n` : "done\n");
  return result.failed.length ? EXIT.failed : EXIT.ok;
}

/** A terminal question; no terminal means no answer, so nothing is applied without --yes. */
function terminalConfirm(io: CommandIo): (question: string) => Promise<boolean> {
  return async (question) => {
    if (!process.stdin.isTTY) {
      io.err.write("no terminal to ask on; ");
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
    `${e.name}: ${e.operation} ${e.phase === "status" ? (e.status ?? "") : e.phase}${e.phase === "failed" ? ` (${String((e.error as Error)?.message ?? e.error)})` : ""} ${(e.elapsedMs / 1000).toFixed(1)} s`;
  if (!out.isTTY) return (e) => void out.write(`${line(e)}\n`);
  const shown = new Map<string, string>();
  let drawn = 0;
  return (e) => {
    shown.set(e.name, line(e));
    out.write(`${drawn ? `\x1b[${drawn}A` : ""}${[...shown.values()].map((l) => `\x1b[2K${l}\n`).join("")}`);
    drawn = shown.size;
  };
}
