import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chownSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * A throwaway PostgreSQL server for tests: Debian's binaries (`make test` installs them), a fresh
 * cluster in a temporary folder, trust authentication on 127.0.0.1 and a free port. PostgreSQL will
 * not run as root, so as root it runs as the `postgres` user the package creates.
 */
export interface PostgresServer {
  readonly url: string;
  stop(): Promise<void>;
}

export async function startPostgres(): Promise<PostgresServer> {
  const bin = binDir();
  const dir = mkdtempSync(join(tmpdir(), "sdkgen-pg-"));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) chownSync(dir, uidOf("postgres"), gidOf("postgres"));
  const as = (cmd: string, args: string[]) =>
    (asRoot ? ["runuser", ["-u", "postgres", "--", cmd, ...args]] : [cmd, args]) as [string, string[]];
  const data = join(dir, "data");
  const init = spawnSync(...as(join(bin, "initdb"), ["-D", data, "-A", "trust", "-U", "sdkgen", "--no-sync"]), {
    encoding: "utf8",
  });
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr}`);
  const port = await freePort();
  const server: ChildProcess = spawn(
    ...as(join(bin, "postgres"), ["-D", data, "-p", String(port), "-h", "127.0.0.1", "-k", dir, "-F"]),
    { stdio: "ignore" },
  );
  const url = `postgres://sdkgen@127.0.0.1:${port}/postgres`;
  await waitReady(bin, port);
  return {
    url,
    stop: async () => {
      // runuser does not pass signals on, so the server is stopped the way its tools stop it.
      const exited = new Promise((done) => server.once("exit", done));
      spawnSync(...as(join(bin, "pg_ctl"), ["stop", "-D", data, "-m", "immediate", "-w"]));
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function binDir(): string {
  const versions = readdirSync("/usr/lib/postgresql").sort((a, b) => Number(b) - Number(a));
  if (!versions.length)
    throw new Error("no PostgreSQL server in /usr/lib/postgresql: run `make test`, which installs it");
  return join("/usr/lib/postgresql", versions[0]!, "bin");
}

async function waitReady(bin: string, port: number): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (spawnSync(join(bin, "pg_isready"), ["-h", "127.0.0.1", "-p", String(port)]).status === 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`PostgreSQL did not start on port ${port}`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on("error", reject);
  });
}

const uidOf = (user: string) => Number(spawnSync("id", ["-u", user], { encoding: "utf8" }).stdout.trim());
const gidOf = (user: string) => Number(spawnSync("id", ["-g", user], { encoding: "utf8" }).stdout.trim());
