#!/usr/bin/env node
import "./jitBudget.js";
import { didYouMean } from "@sdkgen/runtime/providers";
import { optionsHelp, parseOptions, UserError, type OptionSpecs, type Values } from "./args.js";
import { DIFF_DETAILS, DIFF_OPTIONS, GENERATE_OPTIONS, VALIDATE_OPTIONS } from "./options.js";
import { reportLines, SchemaError } from "./diagnostics.js";
import { repoPackages } from "./repoPackages.js";
import { WriteError } from "./write/writeTree.js";

const HELP = { help: { type: "boolean", short: "h", help: "print this help" } } as const satisfies OptionSpecs;

interface Command {
  readonly summary: string;
  readonly options: OptionSpecs;
  readonly details?: string | undefined;
  readonly run: (args: readonly string[]) => Promise<number>;
}

/** A command whose runner gets its options parsed and typed; `--help` answers instead of running it. */
function command<O extends OptionSpecs>(
  name: string,
  summary: string,
  options: O,
  run: (values: Values<O>) => number | Promise<number>,
  details?: string,
): [string, Command] {
  const self: Command = {
    summary,
    options,
    details,
    run: async (args) => {
      const values = parseOptions(args, { ...options, ...HELP });
      if (!values.help) return run(values);
      process.stdout.write(commandHelp(name, self));
      return 0;
    },
  };
  return [name, self];
}

const COMMANDS: ReadonlyMap<string, Command> = new Map([
  command("validate", "check every schema; print problems as file:line:col: message", VALIDATE_OPTIONS, async (v) =>
    (await import("./commands.js")).runValidate(v),
  ),
  command(
    "generate",
    "validate, then regenerate <out>/<provider>/ (--check: report drift, write nothing)",
    GENERATE_OPTIONS,
    async (v) => (await import("./commands.js")).runGenerate(v),
  ),
  command(
    "diff",
    "compare the schemas at two git refs or folders: what changed for users, and the next version of each package",
    DIFF_OPTIONS,
    async (v) => (await import("./diff/command.js")).runDiff(v),
    DIFF_DETAILS,
  ),
]);

const TOP_OPTIONS = {
  ...HELP,
  version: { type: "boolean", help: "print the generator's version" },
} as const satisfies OptionSpecs;

const usage = () =>
  [
    "usage: sdkgen <command> [options]",
    "",
    "commands:",
    ...[...COMMANDS].map(([n, c]) => `  ${n.padEnd(10)}${c.summary}`),
    "",
    "options:",
    optionsHelp(TOP_OPTIONS),
    "",
    "Each command's options: sdkgen <command> --help. Exit status: 0 done, 1 problems found, 2 bad usage.",
    "",
  ].join("\n");

const commandHelp = (n: string, c: Command) =>
  [
    `usage: sdkgen ${n} [options]`,
    "",
    `${c.summary}.`,
    "",
    "options:",
    optionsHelp({ ...c.options, ...HELP }),
    ...(c.details ? ["", c.details] : []),
    "",
  ].join("\n");

function run(command: string | undefined, args: readonly string[]): Promise<number> | number {
  if (command !== undefined) {
    const cmd = COMMANDS.get(command);
    if (!cmd) throw new UserError(`unknown command "${command}"${didYouMean(command, COMMANDS.keys())}`);
    return cmd.run(args);
  }
  const top = parseOptions(args, TOP_OPTIONS);
  if (top.version) process.stdout.write(`${repoPackages().generatorVersion}\n`);
  else if (top.help) process.stdout.write(usage());
  else {
    process.stderr.write(usage());
    return 2;
  }
  return 0;
}

/** Runs one command line: a user error is one line naming the command, exit status 2. */
async function main(argv: readonly string[]): Promise<number> {
  const command = argv[0]?.startsWith("-") === false ? argv[0] : undefined;
  try {
    return await run(command, command === undefined ? argv : argv.slice(1));
  } catch (e) {
    if (!(e instanceof UserError)) throw e;
    const known = command !== undefined && COMMANDS.has(command);
    console.error(`sdkgen${known ? ` ${command}` : ""}: ${e.message}`);
    return 2;
  }
}

// No top-level await: the CLI runs as a CommonJS bundle (launch.ts).
main(process.argv.slice(2)).then(
  (code) => (process.exitCode = code),
  (e: unknown) => {
    process.exitCode = 1;
    if (e instanceof SchemaError) {
      for (const line of reportLines(e.diagnostics)) console.error(line);
      console.error(`\n${e.message}; nothing was written.`);
    } else if (e instanceof WriteError) {
      console.error(`sdkgen: ${e.message}; nothing was written.`);
    } else {
      // A bug in the generator, not in its input: one clear line (the stack with SDKGEN_DEBUG=1).
      const detail = process.env.SDKGEN_DEBUG ? ((e as Error).stack ?? String(e)) : (e as Error).message;
      console.error(`internal generator error (nothing was written): ${detail}`);
    }
  },
);
