// The URLs of the ES modules a program loads. Node's loader hooks do not see modules loaded with
// `require` (which is how a package root loads its entities on first use), so they are read from the
// loader's debug log (NODE_DEBUG=esm), which names each module it stores, however it was loaded.
import { execFile } from "node:child_process";
import { resolve } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const repo = resolve(import.meta.dirname, "../..");

export async function loadedModules(program: string): Promise<string[]> {
  const { stderr } = await run(process.execPath, ["--input-type=module", "-e", program], {
    cwd: repo,
    env: { ...process.env, NODE_DEBUG: "esm" },
    maxBuffer: 64 * 1024 * 1024,
  });
  const urls = [...stderr.matchAll(/^ESM \d+: Storing (file:\S+)/gm)].map((m) => m[1]!);
  if (urls.length === 0)
    throw new Error(`no module was recorded: has Node's debug log changed?\n${stderr.slice(0, 500)}`);
  return [...new Set(urls)];
}
