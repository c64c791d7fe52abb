import { setFlagsFromString } from "node:v8";

// Short busy runs: V8's default budget spends them optimizing code that runs a few times. Workers share the flags.
export const JIT_FLAGS = `--interrupt-budget=${4 * 66 * 1024}`;
setFlagsFromString(JIT_FLAGS);
