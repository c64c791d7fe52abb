import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { deserialize, serialize } from "node:v8";
import { hashText } from "../hash.js";
import type { RulesDigest } from "../validate/ruleInput.js";
import type { RulesPass } from "./checks.js";
import { generatorFingerprint } from "./fingerprint.js";

/** A generated file as a run wrote or found it: the key of its input, the hash of its text, and its stat once known unchanged. */
export interface Written {
  readonly key: string;
  readonly hash: string;
  readonly stat?: string | undefined;
}

/**
 * What one run keeps for the next, each result by the hash of everything it was made from: a schema
 * file's data by its text, the meta-schema's verdict and the rules' digests of a file's data by its
 * folder and text, a provider's and each document's rules' pass by their input, and each generated
 * file by its input's key (with the hash of the text written, to know the file is still as written).
 */
export interface Kept {
  readonly parsed: Map<string, unknown>;
  readonly valid: Set<string>;
  /** By folder and text (verdictKey): the digests of its data as the rules read it (validate/ruleInput.ts). */
  readonly rulesDigests: Map<string, RulesDigest>;
  /** By provider: what passed its rules, by their input (checks.ts). */
  readonly rules: Map<string, RulesPass>;
  readonly outputs: Map<string, Written>;
}

const empty = (): Kept => ({
  parsed: new Map(),
  valid: new Set(),
  rulesDigests: new Map(),
  rules: new Map(),
  outputs: new Map(),
});

/** Why a run found the results it reuses, or found none: `generate --explain` prints it. */
export type StoreOrigin = "none" | "memory" | "disk" | "damaged" | "absent";

/**
 * The results runs keep: in memory between the runs of one process (a watch), and in one file of the
 * cache folder between processes, named by the generator's fingerprint so that a cache can never
 * change output. The file starts with the digest of the rest: a damaged one is ignored, never used.
 * Each run keeps only what it used, so nothing grows without bound.
 */
export class Store {
  private constructor(
    private readonly path: string | undefined,
    /** What the last run kept. */
    private previous: Kept,
    public origin: StoreOrigin,
  ) {}

  /** The store in `dir`, or one that keeps nothing beyond the process (no folder: --no-cache). */
  static open(dir: string | undefined): Store {
    if (!dir) return new Store(undefined, empty(), "none");
    const path = join(dir, `cache-${generatorFingerprint()}.bin`);
    let bytes: Buffer;
    try {
      bytes = readFileSync(path);
    } catch {
      return new Store(path, empty(), "absent");
    }
    const digest = bytes.subarray(0, DIGEST_LENGTH).toString();
    const body = bytes.subarray(DIGEST_LENGTH);
    if (digest !== hashText(body)) return new Store(path, empty(), "damaged");
    try {
      return new Store(path, deserialize(body) as Kept, "disk");
    } catch {
      return new Store(path, empty(), "damaged");
    }
  }

  /** A run's view of the store: what the last run kept, and what this one keeps. */
  begin(): RunStore {
    return new RunStore(this.previous);
  }

  /** Keeps what a run kept, for the next run of this process. */
  end(run: RunStore, { wrote }: { wrote: boolean }): void {
    const next = run.next;
    // A run that wrote nothing (a check, or problems found) leaves the files as the last run recorded them.
    if (!wrote) for (const [path, w] of this.previous.outputs) if (!next.outputs.has(path)) next.outputs.set(path, w);
    this.previous = next;
    this.origin = "memory";
  }

  /** Writes what the last run kept into the cache folder, atomically; caches of other generator versions are removed. */
  save(): void {
    if (!this.path) return;
    const dir = dirname(this.path);
    mkdirSync(dir, { recursive: true });
    const body = serialize(this.previous);
    const tmp = `${this.path}.${process.pid}.tmp`;
    writeFileSync(tmp, Buffer.concat([Buffer.from(hashText(body)), body]));
    renameSync(tmp, this.path);
    for (const f of readdirSync(dir))
      if (/^cache-.*\.(bin|json|txt|log|run)$/.test(f) && join(dir, f) !== this.path)
        rmSync(join(dir, f), { force: true });
  }

  /** The cache folder, for messages. */
  get dir(): string | undefined {
    return this.path && dirname(this.path);
  }
}

/** The length of a base64url SHA-1. */
const DIGEST_LENGTH = 27;

/** One run's view of the store: what the last run kept (read only), and what this one keeps for the next. */
export class RunStore {
  readonly next = empty();

  constructor(readonly previous: Kept) {}

  /** Whether the last run recorded any file under the folder `dir`. */
  wroteUnder(dir: string): boolean {
    const prefix = `${dir}/`;
    for (const path of this.previous.outputs.keys()) if (path.startsWith(prefix)) return true;
    return false;
  }
}
