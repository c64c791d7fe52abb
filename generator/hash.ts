import { hash } from "node:crypto";
import type { Stats } from "node:fs";

/** A text's SHA-1, base64url: the one-shot `hash` is faster than a Hash object. */
export const hashText = (text: string | Uint8Array): string => hash("sha1", text, "base64url");

/** What a file's stat says of its content: size, inode, mtime and ctime (which no tool restores). */
export const statSignature = (stat: Stats): string => `${stat.size}:${stat.ino}:${stat.mtimeMs}:${stat.ctimeMs}`;

const RACY_MS = 3000;

/** Whether a file changed so recently that another change within its clock's tick would keep its signature. */
export const isRacy = (stat: Stats): boolean => Date.now() - Math.max(stat.mtimeMs, stat.ctimeMs) <= RACY_MS;

/** Digests of plain data, each object's once; keyed by identity, so values must not change once digested. */
export class Digests {
  private readonly known = new WeakMap<object, string>();

  of(value: unknown): string {
    if (value === null || typeof value !== "object") return hashText(JSON.stringify(value) ?? "undefined");
    let digest = this.known.get(value);
    if (digest === undefined) {
      digest = hashText(JSON.stringify(value, (key, v: unknown) => this.part(key, v, value)));
      this.known.set(value, digest);
    }
    return digest;
  }

  /** Takes `digest` for `value`'s, made by the caller of all `value` is a pure function of: its content is not read. */
  assume(value: object, digest: string): void {
    this.known.set(value, digest);
  }

  /** A value inside the one being digested: an object known already stands as its digest (marked, so no string can pass for it). */
  private part(key: string, v: unknown, root: object): unknown {
    if (v === null || typeof v !== "object" || (key === "" && v === root)) return collection(v);
    const known = this.known.get(v);
    return known === undefined ? collection(v) : { "\u0000digest": known };
  }
}

/** Maps and Sets as JSON sees nothing of them: as their entries, marked. */
const collection = (v: unknown): unknown =>
  v instanceof Map ? { "\u0000map": [...v] } : v instanceof Set ? { "\u0000set": [...v] } : v;
