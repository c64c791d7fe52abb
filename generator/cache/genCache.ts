import { createHash, hash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  type Stats,
} from "node:fs";
import { basename, dirname, join } from "node:path";
import { PROVIDER_RUNTIMES } from "@sdkgen/runtime/providers";
import { GENERATOR_DIR } from "../location.js";
import { Claims } from "../parallel/claims.js";
import type { EntityOutline } from "../load/sourceDoc.js";
import type { CleanRun } from "../validate/scope.js";
import {
  emptyCache,
  indexText,
  outputFields,
  outputKey,
  outputRecord,
  outputStat,
  parseIndex,
  readable,
  sourceData,
  type CacheData,
  type SliceRecord,
} from "./cacheFile.js";
import { EntryLog } from "./entryLog.js";

export type { SliceRecord } from "./cacheFile.js";

/**
 * Files by path, each with the stat signature recorded for it (none: to be read back), and the
 * claims (Claims' memory) by which two threads share them out.
 */
export interface OutputSignatures {
  readonly paths: readonly string[];
  readonly signatures: readonly (string | undefined)[];
  readonly claims: SharedArrayBuffer;
}

/**
 * Of `files`, from `from` on in `step`'s direction for as long as each claim is the caller's, those whose
 * stat signature is not the one recorded; `met`: whether it stopped at a file the other thread took.
 */
export function unmatched(files: OutputSignatures, from: number, step: 1 | -1): { paths: string[]; met: boolean } {
  const claims = new Claims(files.claims);
  const paths: string[] = [];
  for (let i = from; i >= 0 && i < files.paths.length; i += step) {
    if (!claims.claim(i)) return { paths, met: true };
    const path = files.paths[i]!;
    const signature = files.signatures[i];
    try {
      if (signature === undefined || statSignature(statSync(path)) !== signature) paths.push(path);
    } catch {
      paths.push(path);
    }
  }
  return { paths, met: false };
}

/** A file changed this recently may change again within its clock's tick without a new signature. */
const RACY_MS = 3000;

/** What a file's stat says of its content: size, inode, mtime and ctime (which no tool restores). */
export const statSignature = (stat: Stats): string => `${stat.size}:${stat.ino}:${stat.mtimeMs}:${stat.ctimeMs}`;

/** Whether a file changed so recently that another change within its clock's tick would keep its signature. */
export const isRacy = (stat: Stats): boolean => Date.now() - Math.max(stat.mtimeMs, stat.ctimeMs) <= RACY_MS;

/** A text's SHA-1 (of its UTF-8 bytes, whether given as a string or encoded), base64url. The one-shot `hash` is two to three times faster than a Hash object per call (12,000 calls a large run). */
export const hashText = (text: string | Uint8Array): string => hash("sha1", text, "base64url");

/**
 * The generator's cache between runs (`node_modules/.cache/sdkgen` by default). It holds parsed
 * schema files by content hash, and for each generated file the key of its inputs and the hash of
 * its text: a file is left alone only while its inputs are unchanged and its text is still exactly
 * what was written. The file name carries a fingerprint of the generator itself, so a cache can never
 * change output; at worst it is ignored. Entries a run does not use are dropped when it saves.
 */
export class GenCache {
  private readonly next: CacheData = emptyCache();
  /** Signatures of files `unchanged` read back and found as written. */
  private readonly signatures = new Map<string, string>();
  /**
   * Once outputStats is done, the files the previous run wrote whose stat signature is no longer the
   * one recorded: every other one it wrote is as written.
   */
  private differ: Set<string> | undefined;
  /** The stats prefetchOutputs shared out: the files, and the worker's answer for those it takes. */
  private statting: { files: OutputSignatures; there: Promise<string[]> } | undefined;

  private constructor(
    /** The index's path; the entry log's is beside it. */
    private readonly path: string,
    private readonly previous: CacheData,
    private readonly log: EntryLog,
    readonly warm: boolean,
    /** Each provider's last record in this process, and whether it is on disk (a watch's runs share it). */
    private readonly runs = new Map<string, { digest: string; text: string; saved: boolean }>(),
  ) {}

  static open(dir: string): GenCache {
    const path = join(dir, `cache-${generatorFingerprint()}.txt`);
    const logPath = path.replace(/\.txt$/, ".log");
    try {
      const { log, ...index } = parseIndex(readFileSync(path, "utf8"));
      const data = { ...emptyCache(), ...index };
      return new GenCache(path, data, EntryLog.open(logPath, data, log), true);
    } catch {
      // No index (or a damaged one): the log's entries are still good, by their keys.
      const data = emptyCache();
      return new GenCache(path, data, EntryLog.read(logPath, data), false);
    }
  }

  /** The folder holding the cache, where other compiled artefacts (the meta-schema) are kept too. */
  get dir(): string {
    return dirname(this.path);
  }

  /** A parsed file by its content hash: its outline, and its data, parsed from the cache's text when asked for. */
  source(hash: string): { data: () => unknown; valid: boolean; outline: EntityOutline } | undefined {
    const entry = this.previous.sources.get(hash);
    return entry && readable(entry)
      ? { data: () => sourceData(entry), valid: entry.valid, outline: entry.outline }
      : undefined;
  }

  /**
   * Keeps a parsed file. The same content has the same data, so one the previous run kept with the same
   * validity is kept as read, its data neither parsed nor written again.
   */
  keepSource(hash: string, valid: boolean, outline: EntityOutline, data: () => unknown): void {
    const before = this.previous.sources.get(hash);
    this.next.sources.set(
      hash,
      before?.valid === valid && readable(before) ? before : { valid, outline, data: data() },
    );
  }

  /** The content hash of the schema file at `path`, when its stat signature is the one recorded with it. */
  schemaHash(path: string, stat: Stats): string | undefined {
    const kept = this.previous.schemas[path];
    const signature = `${statSignature(stat)} `;
    return kept?.startsWith(signature) ? kept.slice(signature.length) : undefined;
  }

  /** Records a schema file's hash with its signature (taken before it was read), unless a change could hide in the clock's tick. */
  keepSchema(path: string, stat: Stats, hash: string): void {
    if (!isRacy(stat)) this.next.schemas[path] = `${statSignature(stat)} ${hash}`;
  }

  /** What the provider's last clean validation checked, as the previous run kept it. */
  cleanRun(provider: string): CleanRun | undefined {
    return this.previous.checks[provider];
  }

  keepCleanRun(provider: string, run: CleanRun): void {
    this.next.checks[provider] = run;
  }

  /**
   * What the provider's last run recorded for a scoped run (scoped/runRecord.ts): its digest, and its
   * text, read when asked for (undefined when the file is not the one the index names).
   */
  run(provider: string): { digest: string; text: () => string | undefined } | undefined {
    const digest = this.previous.runs[provider];
    if (digest === undefined) return undefined;
    const text = () => {
      const kept = this.runs.get(provider);
      if (kept?.digest === digest) return kept.text;
      try {
        const read = readFileSync(this.runPath(provider), "utf8");
        return hashText(read) === digest ? read : undefined;
      } catch {
        return undefined;
      }
    };
    return { digest, text };
  }

  /** Keeps a run's record (written by `save`), by the digest of its text. */
  keepRun(provider: string, text: string, digest: string): void {
    this.next.runs[provider] = digest;
    this.runs.set(provider, { digest, text, saved: false });
  }

  /** A provider's record beside the index: apart, so a run that needs none (a full one) never parses it. */
  private runPath(provider: string): string {
    return this.path.replace(/\.txt$/, `.${provider}.run`);
  }

  /** The generated files the previous run recorded under `dir`, by path relative to it. */
  outputsUnder(dir: string): string[] {
    const prefix = `${dir}/`;
    return Object.keys(this.previous.outputs)
      .filter((path) => path.startsWith(prefix))
      .map((path) => path.slice(prefix.length));
  }

  /**
   * Whether every file the previous run recorded under `dir` is still exactly as written (read back
   * only when its stat changed). Once the stats are in, only the files whose stat changed are looked at.
   */
  intactUnder(dir: string): boolean {
    const prefix = `${dir}/`;
    const under = this.differ ?? Object.keys(this.previous.outputs);
    for (const path of under)
      if (path.startsWith(prefix) && !this.unchanged(path, outputKey(this.previous.outputs[path]!))) return false;
    return true;
  }

  slice(key: string): SliceRecord | undefined {
    const record = this.previous.slices.get(key);
    return record && readable(record) ? record : undefined;
  }

  keepSlice(key: string, record: SliceRecord): void {
    this.next.slices.set(key, record);
  }

  /**
   * Has `there` (the render worker) stat the files the previous run wrote, from the first, while this
   * thread works; outputStats stats the rest here. `unchanged` and `intactUnder` then make no system
   * call for a file still as written (a 2,000-entity package: 6,000 stats, ~100 ms). Once per run.
   */
  prefetchOutputs(there: (files: OutputSignatures) => Promise<string[]>): void {
    if (this.statting) return;
    // Two flat lists, not a pair per file: 6,000 arrays fewer to make and to copy to the worker.
    const paths = Object.keys(this.previous.outputs);
    const signatures = paths.map((path) => outputStat(this.previous.outputs[path]!));
    const files = { paths, signatures, claims: Claims.of(paths.length).shared };
    // A worker that failed leaves every file to be read back (and is not waited for when it took none).
    this.statting = { files, there: there(files).catch(() => paths) };
  }

  /**
   * The stats prefetchOutputs began, finished: the files the worker has not reached statted here, from
   * the last, until this thread meets the worker (a worker still starting takes none), whose answer is
   * then waited for.
   */
  async outputStats(): Promise<void> {
    if (this.differ || !this.statting) return;
    const { files, there } = this.statting;
    const here = unmatched(files, files.paths.length - 1, -1);
    const theirs = here.met ? await there : [];
    this.differ = new Set([...here.paths, ...theirs]);
  }

  /** Whether the file at `path` is what a previous run generated from inputs with this key, untouched since. */
  unchanged(path: string, key: string): boolean {
    const packed = this.previous.outputs[path];
    if (!packed?.startsWith(`${key} `)) return false;
    if (this.differ?.has(path) === false) return true; // the record's key and stat: as the previous run wrote it
    const record = outputFields(packed);
    try {
      const stat = statSync(path);
      const signature = statSignature(stat);
      if (signature === record.stat) return true;
      if (hashText(readFileSync(path, "utf8")) !== record.hash) return false;
      if (!isRacy(stat)) this.signatures.set(path, signature);
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Records the file at `path` as generated from inputs with this key: with the hash of its text as
   * this run wrote it (and its stat signature, where the writer can vouch for it), or (null) as the
   * previous run recorded it, which `unchanged` found it still is. Nothing is read again.
   */
  keepOutput(path: string, key: string, hash: string | null, stat?: string): void {
    if (hash !== null) {
      this.next.outputs[path] = outputRecord(key, hash, stat);
      return;
    }
    const before = outputFields(this.previous.outputs[path]!);
    this.next.outputs[path] = outputRecord(key, before.hash, this.signatures.get(path) ?? before.stat);
  }

  /**
   * Keeps what the previous run recorded of the files under `dir` (a package this run left alone), and
   * the schema files it had parsed, for the runs after this one.
   */
  carryOver(dir: string): void {
    for (const [path, record] of Object.entries(this.previous.outputs)) {
      if (!path.startsWith(`${dir}/`)) continue;
      const stat = this.signatures.get(path);
      if (stat === undefined) this.next.outputs[path] ??= record;
      else {
        const { key, hash } = outputFields(record);
        this.next.outputs[path] ??= outputRecord(key, hash, stat);
      }
    }
    for (const [hash, source] of this.previous.sources)
      if (!this.next.sources.has(hash)) this.next.sources.set(hash, source);
    for (const [provider, run] of Object.entries(this.previous.checks)) this.next.checks[provider] ??= run;
    for (const [path, schema] of Object.entries(this.previous.schemas)) this.next.schemas[path] ??= schema;
    for (const [key, slice] of this.previous.slices) if (!this.next.slices.has(key)) this.next.slices.set(key, slice);
    for (const [provider, run] of Object.entries(this.previous.runs)) this.next.runs[provider] ??= run;
  }

  /**
   * The cache the next run of a long-lived process reads: what this run kept when it completed,
   * else (schema problems: nothing was written) what this run read.
   */
  nextRun(completed: boolean): GenCache {
    return new GenCache(this.path, completed ? this.next : this.previous, this.log, true, this.runs);
  }

  /**
   * The entries the log lacks appended to it now, rather than at the save: each line is keyed by what
   * it was made from, so it holds whatever becomes of the run (one that fails leaves lines no index
   * names, which a later rewrite drops). A cold run writes them while the worker renders its last
   * modules (2,000 entities: ~11 MB, ~200 ms). A failed write is left to the save, which says why.
   */
  writeEntries(): void {
    try {
      mkdirSync(dirname(this.path), { recursive: true });
      this.log.save(this.next);
    } catch {
      // The save writes them again, and warns if it cannot.
    }
  }

  /** The entries the log lacks appended to it, the index written atomically; caches of other generator versions removed. */
  save(): void {
    mkdirSync(dirname(this.path), { recursive: true });
    const positions = this.log.save(this.next);
    for (const [provider, run] of this.runs)
      if (!run.saved && this.next.runs[provider] === run.digest) {
        writeAtomically(this.runPath(provider), run.text);
        run.saved = true;
      }
    writeAtomically(this.path, indexText(this.next, positions));
    const mine = `${basename(this.path).replace(/\.txt$/, "")}.`;
    for (const f of readdirSync(dirname(this.path)))
      if (/^cache-.*\.(json|txt|log|run)$/.test(f) && !f.startsWith(mine))
        rmSync(join(dirname(this.path), f), { force: true });
  }
}

function writeAtomically(path: string, text: string): void {
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, path);
}

let fingerprint: string | undefined;

/**
 * A hash of everything that shapes output besides the schemas: the generator's code, the meta-schema,
 * the templates, the repository's package files and the versions of the packages the generator runs.
 * Its code is the files at the top of its folder, where the CLI's and the workers' bundles are (with
 * every module they are made of inlined): the ~160 modules tsc writes below were hashed too, and the
 * compiled validators and templates (made from the meta-schema and templates by the versions named
 * here), ~3 MB read and hashed every run (~25 ms).
 */
function generatorFingerprint(): string {
  if (fingerprint) return fingerprint;
  const buildRoot = GENERATOR_DIR;
  const repo = dirname(dirname(buildRoot));
  const digest = createHash("sha1");
  const add = (path: string) => existsSync(path) && digest.update(path.slice(repo.length)).update(readFileSync(path));
  readdirSync(buildRoot, { withFileTypes: true })
    .filter((e) => e.isFile() && /\.c?js$/.test(e.name))
    .map((e) => e.name)
    .sort()
    .forEach((name) => add(join(buildRoot, name)));
  for (const dir of ["schemas/meta", "templates"])
    if (existsSync(join(repo, dir)))
      readdirSync(join(repo, dir), { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => join(e.parentPath, e.name))
        .sort()
        .forEach(add);
  // The packages' versions; the root and runtime package files name the repository and the runtime's package.
  for (const pkg of ["prettier", "ts-morph", "handlebars", "ajv", "js-yaml"])
    add(join(repo, "node_modules", pkg, "package.json"));
  for (const pkg of ["runtime", ""]) add(join(repo, pkg, "package.json"));
  digest.update(JSON.stringify(PROVIDER_RUNTIMES)); // the runtime decides which error names are emitted
  return (fingerprint = digest.digest("base64url").slice(0, 16));
}
