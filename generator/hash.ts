import { hash } from "node:crypto";
import type { Stats } from "node:fs";

/** A text's SHA-1 (of its UTF-8 bytes), base64url: the one-shot `hash` is two to three times faster than a Hash object. */
export const hashText = (text: string | Uint8Array): string => hash("sha1", text, "base64url");

/** What a file's stat says of its content: size, inode, mtime and ctime (which no tool restores). */
export const statSignature = (stat: Stats): string => `${stat.size}:${stat.ino}:${stat.mtimeMs}:${stat.ctimeMs}`;

/** A file changed this recently may change again within its clock's tick without a new signature. */
const RACY_MS = 3000;

/** Whether a file changed so recently that another change within its clock's tick would keep its signature. */
export const isRacy = (stat: Stats): boolean => Date.now() - Math.max(stat.mtimeMs, stat.ctimeMs) <= RACY_MS;

/**
 * Digests of plain data (objects, arrays, Maps, Sets, primitives), each object's computed once: a
 * value's digest is that of its JSON, where every object already digested stands as its digest. So the
 * digest of a part of a plan that shares nodes with others costs only what is new in it, and is still
 * a function of the whole value. Keys are kept by identity, so the values must not change once
 * digested: one Digests per run, over that run's model.
 */
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
