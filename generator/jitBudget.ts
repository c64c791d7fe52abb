import { setFlagsFromString } from "node:v8";

// A run of the generator is short, and busy on every core. V8 sends a function to its optimizing
// compiler (TurboFan, on background threads) once it has run a set amount of bytecode (the interrupt
// budget: 66 KiB in Node 20's V8, 132 KiB in later ones, which tier through Maglev first); on two
// cores those compiles compete with the run itself, and most of them are of code that runs a few
// times only. Four times Node 20's budget optimizes what stays hot. Measured interleaved on 2 cores:
// both providers cold 1.03 -> 0.92 s (CPU 1.43 -> 1.22 s); 2,000 entities cold, CPU 10-15% less each
// round. Set here, before the commands' modules load (they are imported on demand); worker threads
// share the process's flags. A budget much larger (or no optimization at all) made the 2,000-entity
// run slower.
export const JIT_FLAGS = `--interrupt-budget=${4 * 66 * 1024}`;
setFlagsFromString(JIT_FLAGS);
