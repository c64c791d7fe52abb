// Every benchmark prints the machine's load average when it starts and when it ends, so a reader can
// discount a figure measured on a busy machine.
import { loadavg } from "node:os";

/** Prints "load average at <when>: 1m 5m 15m" and returns the 1-minute figure. */
export function printLoad(when) {
  const [one, five, fifteen] = loadavg();
  console.log(`load average at ${when}: ${[one, five, fifteen].map((x) => x.toFixed(2)).join(" ")}`);
  return one;
}
