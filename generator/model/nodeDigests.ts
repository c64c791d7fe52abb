import { hashText } from "../cache/genCache.js";

/**
 * Digests of model nodes' JSON, by the node: each computed once, or learnt as its slice is built or
 * read (ModelMemo). The module keys read them (KeyMemo).
 */
export class NodeDigests {
  private readonly known = new WeakMap<object, string>();

  of(node: object): string {
    let digest = this.known.get(node);
    if (digest === undefined) this.known.set(node, (digest = hashText(JSON.stringify(node))));
    return digest;
  }

  set(node: object, digest: string): void {
    this.known.set(node, digest);
  }
}
