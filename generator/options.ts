import type { OptionSpecs } from "./args.js";

// Apart from the commands' code: the command line is parsed before it loads, and a command loads only its own.

export const SCHEMAS_OPTION = {
  schemas: { type: "string", value: "DIR", help: "schema folder (default: schemas)" },
} as const satisfies OptionSpecs;

export const CACHE_OPTIONS = {
  cache: { type: "string", value: "DIR", help: "cache folder (default: node_modules/.cache/sdkgen)" },
  "no-cache": { type: "boolean", help: "neither read nor write the cache" },
} as const satisfies OptionSpecs;

export const VALIDATE_OPTIONS = SCHEMAS_OPTION;

export const GENERATE_OPTIONS = {
  check: { type: "boolean", help: "compare with the output folder and report drift (exit 1); write nothing" },
  ...SCHEMAS_OPTION,
  out: { type: "string", value: "DIR", help: "output folder (default: generated; created when missing)" },
  ...CACHE_OPTIONS,
  stats: { type: "boolean", help: "print the time of each stage, the CPU time and the peak memory" },
  explain: { type: "boolean", help: "say whether the run was full or incremental, why, and what it reused" },
  watch: {
    type: "boolean",
    help: "stay running: regenerate after every change under the schema folder (Ctrl-C stops)",
  },
} as const satisfies OptionSpecs;

export const DIFF_OPTIONS = {
  base: {
    type: "string",
    value: "REF",
    help: "old side: the schemas at a git ref (default: the merge base of HEAD with origin/main, else main)",
  },
  old: { type: "string", value: "DIR", help: "old side: a schema folder, instead of --base" },
  head: { type: "string", value: "REF", help: "new side: the schemas at a git ref" },
  new: {
    type: "string",
    value: "DIR",
    help: "new side: a schema folder (default: the --schemas folder, edits included)",
  },
  json: { type: "boolean", help: "the full report as JSON" },
  summary: { type: "boolean", help: "the report as one line" },
  "fail-on": {
    type: "string",
    value: "LEVEL",
    choices: ["breaking", "warning", "version"],
    multiple: true,
    help: "exit 1 when changes this severe exist (breaking, or warning and worse), or when a version is too low for the changes (version); may be repeated",
  },
  ...SCHEMAS_OPTION,
  ...CACHE_OPTIONS,
} as const satisfies OptionSpecs;

export const DIFF_DETAILS = `The default output is Markdown. The --cache folder is read through a copy, never written.
Exit status: 0; 1 when a --fail-on condition holds; 2 when it cannot compare (bad option, unknown
ref, missing folder, schema problems on either side).`;
