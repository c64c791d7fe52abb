import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const hashText = (text: string): string => createHash("sha1").update(text).digest("base64url");

interface CacheData {
  /** Parsed schema files by content hash, and whether they satisfy the meta-schema. */
  sources: Record<string, { data: unknown; valid: boolean }>;
  /** Formatted modules by `<package>/<path>`: reused while the key of their inputs matches. */
  modules: Record<string, { key: string; text: string }>;
  /** What the last run wrote, by absolute path: a file whose size and mtime still match is not re-read. */
  written: Record<string, { size: number; mtimeMs: number; hash: string }>;
}

/**
 * The generator's cache between runs (`node_modules/.cache/sdkgen` by default). Every entry is keyed
 * by content, and the file name carries a fingerprint of the generator itself, so a cache can never
 * change output: at worst it is ignored. Output is identical with and without it. Entries not used by
 * a run are dropped when it saves, so the cache stays the size of one run.
 */
export class GenCache {
  private readonly next: Omit<CacheData, "written"> = { sources: {}, modules: {} };

  private constructor(
    private readonly path: string,
    private readonly previous: CacheData,
    readonly warm: boolean,
  ) {}

  static open(dir: string): GenCache {
    const path = join(dir, `cache-${generatorFingerprint()}.json`);
    try {
      return new GenCache(path, JSON.parse(readFileSync(path, "utf8")) as CacheData, true);
    } catch {
      return new GenCache(path, { sources: {}, modules: {}, written: {} }, false);
    }
  }

  source(hash: string): CacheData["sources"][string] | undefined {
    return this.previous.sources[hash];
  }

  keepSource(hash: string, data: unknown, valid: boolean): void {
    this.next.sources[hash] = { data, valid };
  }

  module(id: string): CacheData["modules"][string] | undefined {
    return this.previous.modules[id];
  }

  keepModule(id: string, key: string, text: string): void {
    this.next.modules[id] = { key, text };
  }

  /** Stat records of written files; the write stage reads and updates them in place. */
  get written(): CacheData["written"] {
    return this.previous.written;
  }

  /** Written atomically; caches of other generator versions are removed. */
  save(): void {
    mkdirSync(dirname(this.path), { recursive: true });
    const written = Object.fromEntries(Object.entries(this.previous.written).filter(([path]) => existsSync(path)));
    const tmp = `${this.path}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify({ ...this.next, written }));
    renameSync(tmp, this.path);
    for (const f of readdirSync(dirname(this.path)))
      if (/^cache-.*\.json$/.test(f) && join(dirname(this.path), f) !== this.path)
        rmSync(join(dirname(this.path), f), { force: true });
  }
}

let fingerprint: string | undefined;

/**
 * A hash of everything that shapes output besides the schemas: the compiled generator, the
 * meta-schema, the templates and the versions of prettier and ts-morph.
 */
function generatorFingerprint(): string {
  if (fingerprint) return fingerprint;
  const here = dirname(fileURLToPath(import.meta.url));
  const buildRoot = dirname(here);
  const repo = dirname(dirname(buildRoot));
  const hash = createHash("sha1");
  const add = (path: string) => existsSync(path) && hash.update(path.slice(repo.length)).update(readFileSync(path));
  const walk = (dir: string): void =>
    readdirSync(dir, { withFileTypes: true })
      .sort((a, b) => (a.name < b.name ? -1 : 1))
      .forEach((e) => (e.isDirectory() ? walk(join(dir, e.name)) : e.name.endsWith(".js") && add(join(dir, e.name))));
  walk(buildRoot);
  for (const dir of ["schemas/meta", "templates"])
    if (existsSync(join(repo, dir)))
      readdirSync(join(repo, dir))
        .sort()
        .forEach((f) => add(join(repo, dir, f)));
  for (const pkg of ["prettier", "ts-morph", "package.json"])
    add(join(repo, pkg === "package.json" ? "" : `node_modules/${pkg}`, "package.json"));
  return (fingerprint = hash.digest("base64url").slice(0, 16));
}
