import { parseArgs } from "node:util";
import { didYouMean } from "@sdkgen/runtime/providers";

/** A problem with the command's input, not a generator bug: printed as one line, exit status 2. */
export class UserError extends Error {}

export interface OptionSpec {
  readonly type: "string" | "boolean";
  /** What the value is, in help and errors: `DIR`, `REF`. */
  readonly value?: string;
  readonly choices?: readonly string[];
  /** Given more than once, every value is kept (otherwise the last one wins). */
  readonly multiple?: boolean;
  readonly short?: string;
  readonly help: string;
}

export type OptionSpecs = Readonly<Record<string, OptionSpec>>;

type ValueOf<S extends OptionSpec> = S["type"] extends "boolean"
  ? boolean
  : S["multiple"] extends true
    ? string[]
    : string | undefined;

export type Values<O extends OptionSpecs> = { -readonly [K in keyof O]: ValueOf<O[K]> };

/** Parses strictly, checking here rather than by `strict` mode so errors use this CLI's words and suggest a fix. */
export function parseOptions<O extends OptionSpecs>(args: readonly string[], specs: O): Values<O> {
  const { tokens } = parseArgs({
    args: [...args],
    options: Object.fromEntries(
      Object.entries(specs).map(([name, s]) => [name, { type: s.type, ...(s.short && { short: s.short }) }]),
    ),
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  const values: Record<string, string | string[] | boolean | undefined> = Object.fromEntries(
    Object.entries(specs).map(([name, s]) => [name, s.type === "boolean" ? false : s.multiple ? [] : undefined]),
  );
  for (const token of tokens) {
    if (token.kind === "option-terminator") continue;
    if (token.kind === "positional") throw new UserError(`unexpected argument "${token.value}"`);
    const spec = Object.hasOwn(specs, token.name) ? specs[token.name] : undefined; // not `--toString`
    if (!spec) throw new UserError(`unknown option ${token.rawName}${didYouMean(token.rawName, optionNames(specs))}`);
    const flag = `--${token.name}`;
    if (spec.type === "boolean") {
      if (token.value !== undefined) throw new UserError(`${flag} takes no value (got "${token.value}")`);
      values[token.name] = true;
      continue;
    }
    // A value that looks like an option is the next option, not this one's value (`--schemas --check`).
    const value = token.value;
    if (!value || (!token.inlineValue && value.startsWith("-")))
      throw new UserError(
        `${flag} needs a value (${flag} ${spec.value ?? "VALUE"} or ${flag}=${spec.value ?? "VALUE"})`,
      );
    if (spec.choices && !spec.choices.includes(value))
      throw new UserError(`${flag} takes ${orList(spec.choices)} (got "${value}")${didYouMean(value, spec.choices)}`);
    const previous = values[token.name];
    values[token.name] = Array.isArray(previous) ? [...previous, value] : value;
  }
  return values as Values<O>;
}

const optionNames = (specs: OptionSpecs) => Object.keys(specs).map((name) => `--${name}`);

const orList = (items: readonly string[]): string =>
  items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} or ${items.at(-1)}`;

/** The options section of a help text: one aligned line per option. */
export function optionsHelp(specs: OptionSpecs): string {
  const rows = Object.entries(specs).map(([name, s]) => [
    `${s.short ? `-${s.short}, ` : ""}--${name}${s.value ? ` ${s.value}` : ""}`,
    s.help,
  ]);
  const width = Math.max(...rows.map(([left]) => left!.length)) + 2;
  return rows.map(([left, help]) => `  ${left!.padEnd(width)}${help}`).join("\n");
}
