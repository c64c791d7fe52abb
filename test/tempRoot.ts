import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * vitest's global setup: every temporary folder a test makes (os.tmpdir(), which reads TMPDIR), and
 * every one the processes it starts make, goes in one folder for the run, removed when the run ends.
 * Tests need not each remember to clean up: a suite that left ~270 folders (60 MB) a run filled /tmp,
 * and a full /tmp makes creating files there, as the benchmarks do, several times slower.
 */
export function setup(): () => void {
  const root = mkdtempSync(join(tmpdir(), "sdkgen-test-"));
  // Others may pass through, not list: a test's PostgreSQL server runs as its own user, in a folder of its own here.
  chmodSync(root, 0o711);
  process.env.TMPDIR = root;
  return () => rmSync(root, { recursive: true, force: true });
}
