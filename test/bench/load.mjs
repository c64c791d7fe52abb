// Every benchmark prints the machine's load average when it starts and when it ends, so a reader can
// discount a figure measured on a busy machine.
import { spawnSync } from "node:child_process";
import { loadavg } from "node:os";

/** Prints "load average at <when>: 1m 5m 15m" and returns the 1-minute figure. */
export function printLoad(when) {
  const [one, five, fifteen] = loadavg();
  console.log(`load average at ${when}: ${[one, five, fifteen].map((x) => x.toFixed(2)).join(" ")}`);
  return one;
}

/**
 * Prints how long Node takes to start and exit doing nothing here (median of 5): this machine's speed
 * varies by a third from one spell to the next, and a figure reads against it. Returns the median in ms.
 */
export function printNodeStart(when) {
  const runs = Array.from({ length: 5 }, () => {
    const started = performance.now();
    spawnSync(process.execPath, ["-e", "0"]);
    return performance.now() - started;
  }).sort((a, b) => a - b);
  console.log(`node -e 0 at ${when}: ${runs[2].toFixed(0)} ms (runs ${runs.map((r) => r.toFixed(0)).join(" ")})`);
  return runs[2];
}
