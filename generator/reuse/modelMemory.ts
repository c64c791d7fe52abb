import { hashText, type Digests } from "../hash.js";
import type { SourceDoc } from "../load/sourceDoc.js";
import type { ProviderIndex } from "../load/providerIndex.js";
import { assembleModel, buildSlice, sliceInputs, type Slice, type SliceInput } from "../model/buildModel.js";
import type { PackageModel } from "../model/types.js";

/**
 * What a watch keeps of its models for the next run, each by all it was made of: a provider's model
 * by the digest of its files' names and texts and its hooks (an unchanged provider is kept whole),
 * and each document's slice by its input (so an edit rebuilds only the slices it reaches, and their
 * unchanged nodes stay the same objects). A slice's node is a function of its input alone, so the
 * input's key serves as the node's digest (`digests`): 2,000 entities' nodes are not serialized to key them.
 */
export class ModelMemory {
  readonly providers = new Map<string, { readonly input: string; readonly model: PackageModel }>();
  private slices = new Map<string, Slice>();
  private used = new Map<string, Slice>();

  constructor(private readonly digests: Digests) {}

  /** A provider's model (buildModel's), of slices built or kept. */
  model(index: ProviderIndex): PackageModel {
    return assembleModel(
      index,
      sliceInputs(index).map((input) => this.slice(input)),
    );
  }

  /** A document's slice, built or as a run built it from the same input. */
  slice(input: SliceInput): Slice {
    const key = sliceKey(input);
    let slice = this.slices.get(key) ?? this.used.get(key);
    if (!slice) {
      slice = buildSlice(input);
      // A type's node is remade with its usage (assembleModel), which other documents decide.
      if (slice.folder !== "types") this.digests.assume(slice.node, hashText(`slice ${key}`));
    }
    this.used.set(key, slice);
    return slice;
  }

  /** A run is over: the slices it used are those the next may reuse. */
  turn(): void {
    this.slices = this.used;
    this.used = new Map();
  }
}

/** A slice's input as a key: every document in it by its name and text (all buildSlice reads of it). */
function sliceKey({ src, groups, providerCase, ...rest }: SliceInput): string {
  rest satisfies Record<string, never>; // a field added to SliceInput must be keyed here
  const doc = (d: SourceDoc) => [d.file, d.hash];
  return JSON.stringify([doc(src), providerCase, [...groups].map(([name, g]) => [name, ...doc(g)])]);
}
