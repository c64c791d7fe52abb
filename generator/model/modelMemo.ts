import { hashText, type GenCache, type SliceRecord } from "../cache/genCache.js";
import type { NodeDigests } from "./nodeDigests.js";
import type { SourceDoc } from "../load/sourceDoc.js";
import type { EnumType, NamedType, TypeUsage } from "./types.js";

/** What building one document's part of the model made: its node, the inline types it hoisted and the enums it declared, in order. */
export interface Slice<T> {
  readonly node: T;
  readonly declared: readonly { readonly type: NamedType; readonly at: string }[];
  readonly enums: readonly EnumType[];
}

/**
 * The slices of the model kept between runs: by document in a long-lived process (the watch), where a
 * document whose inputs are the same objects gets the same slice back, so the nodes keep their
 * identity and what later stages keep of them still applies; and in the cache, by the files and
 * contents of its inputs, for a new process. A slice read from the cache is JSON: its nodes know no
 * source positions, which only a problem found later needs (the pipeline then builds the model again).
 */
export class ModelMemo {
  private readonly byDoc = new WeakMap<SourceDoc, { key: string; slice: Slice<unknown>; record: SliceRecord }>();
  /** Each type with its usage marked, by the type as built and its usage. */
  private readonly marks = new WeakMap<NamedType, { usage: string; type: NamedType }>();
  /** Whether the last model holds a slice read from the cache. */
  fromCache = false;

  /** `digests` are the keys' (KeyMemo): a node's JSON digest is known as its slice is built or read. */
  constructor(private readonly digests: NodeDigests) {}

  /** The slice of `src` built from `deps` (the provider's document, included groups): kept, cached, or built. */
  slice<T>(
    src: SourceDoc,
    deps: readonly (SourceDoc | undefined)[],
    cache: GenCache | undefined,
    build: () => Slice<T>,
  ): Slice<T> {
    const key = hashText(JSON.stringify([src.file, src.hash, ...deps.map((d) => d && [d.file, d.hash])]));
    let kept = this.byDoc.get(src);
    if (kept?.key !== key) {
      const record = cache?.slice(key);
      kept = record ? { key, slice: this.read(record), record } : this.built(key, build());
      this.fromCache ||= !!record;
      this.byDoc.set(src, kept);
    }
    cache?.keepSlice(key, kept.record);
    return kept.slice as Slice<T>;
  }

  /**
   * The slice a record holds: each declared type learns its digest, and one that is the node itself
   * (a type's own document) is the node again, as when built.
   */
  private read(record: SliceRecord): Slice<unknown> {
    const [node, declared, enums, digests] = JSON.parse(record.text) as [object, Declared[], EnumType[], string[]];
    this.digests.set(node, record.digest);
    return {
      node,
      declared: declared.map(({ type, at }, i) => {
        const t = type === 0 ? (node as NamedType) : type;
        this.digests.set(t, digests[i]!);
        return { type: t, at };
      }),
      enums,
    };
  }

  private built(key: string, slice: Slice<unknown>) {
    const node = JSON.stringify(slice.node);
    const digest = hashText(node);
    this.digests.set(slice.node as object, digest);
    const declared = slice.declared.map(({ type, at }) => ({ type: type === slice.node ? 0 : type, at }));
    const digests = slice.declared.map(({ type }) => this.digests.of(type));
    const text = `[${node},${JSON.stringify(declared)},${JSON.stringify(slice.enums)},${JSON.stringify(digests)}]`;
    return { key, slice, record: { text, digest } };
  }

  /**
   * `type` with its usage marked: the same object again while its usage is the same. Its digest is the
   * type's and the usage's, so that no key reads the marked copy whole again.
   */
  marked(type: NamedType, usage: TypeUsage): NamedType {
    const key = `${usage.input}${usage.output}`;
    const kept = this.marks.get(type);
    if (kept?.usage === key) return kept.type;
    const marked = { ...type, usage };
    this.digests.set(marked, hashText(`${this.digests.of(type)}${key}`));
    this.marks.set(type, { usage: key, type: marked });
    return marked;
  }
}

/** A declared type as a slice's text holds it: 0 for the slice's node itself. */
type Declared = { type: NamedType | 0; at: string };
