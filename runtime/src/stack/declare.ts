import type { ResourceDescriptor } from "../descriptor.js";
import type { LifecycleOptions, ManagedResource, ProviderRuntime } from "../lifecycle/resource.js";
import { outputOf, type Inputs, type Output } from "./output.js";

/**
 * The provider of each package a stack declares kinds of, under its provider name (a kind's token
 * prefix): each generated package's stack entry adds its own (`netsvc?: Provider`), so a name
 * misspelt or a provider of the wrong package does not compile.
 */
export interface StackProviders {}

/**
 * A generated resource class, as a stack uses it. `I` is the input form of its arguments, which the
 * class names (`PortInputs`) so that hovers and errors on a declaration name it too.
 */
export interface ResourceClass<A, R extends ManagedResource, P extends ProviderRuntime, I = Inputs<A>> {
  readonly token: string;
  /** Types only: the inputs a stack declares the kind with. */
  readonly inputs?: I | undefined;
  readonly descriptor: ResourceDescriptor;
  create(args: A, options?: LifecycleOptions<P>): Promise<R>;
  get(id: string, options?: { provider?: P | undefined; signal?: AbortSignal | undefined }): Promise<R>;
  import(importId: string, options?: { provider?: P | undefined; signal?: AbortSignal | undefined }): Promise<R>;
}

/** The class shape the engine calls, whatever the kind (the declaration typed it). */
export interface AnyResourceClass {
  readonly token: string;
  readonly descriptor: ResourceDescriptor;
  create(args: object, options?: LifecycleOptions): Promise<ManagedResource>;
  get(id: string, options?: CallOptions): Promise<ManagedResource>;
  import(importId: string, options?: CallOptions): Promise<ManagedResource>;
  find(state: object, options?: CallOptions): Promise<ManagedResource[]>;
}

interface CallOptions {
  readonly provider?: ProviderRuntime | undefined;
  readonly signal?: AbortSignal | undefined;
}

/** The fields of a resource's state (not its methods), each as a reference. */
export type OutputsOf<R> = {
  readonly [K in keyof R as R[K] extends (...args: never[]) => unknown ? never : K]-?: Output<Exclude<R[K], undefined>>;
};

export interface ResourceOptions<A, P extends ProviderRuntime> {
  /** Default: the stack's provider for this kind's package, else the package's default. */
  readonly provider?: P | undefined;
  /** Made after these, deleted before them, besides what references say. */
  readonly dependsOn?: readonly Declared<ManagedResource>[] | undefined;
  /** Refuse to delete it (a removed declaration, destroy, or a replacement fails instead). */
  readonly protect?: boolean | undefined;
  /** On delete, forget it in the state and leave it on the service. */
  readonly retainOnDelete?: boolean | undefined;
  /** Inputs whose changes are not applied (the service's value stays). */
  readonly ignoreChanges?: readonly (keyof A & string)[] | undefined;
  /** Replace by deleting first (default: the replacement is made first, then the old one deleted). */
  readonly deleteBeforeReplace?: boolean | undefined;
  /** Adopt the existing object with this import id instead of creating one. */
  readonly import?: string | undefined;
}

/** A declared resource: its logical name, and references to its id and outputs for other inputs. */
export interface Declared<R> {
  readonly name: string;
  readonly id: Output<string>;
  readonly out: OutputsOf<R>;
}

/** What the engine keeps of a declaration. */
export interface Declaration {
  readonly name: string;
  readonly cls: AnyResourceClass;
  readonly args: unknown;
  readonly options: ResourceOptions<Record<string, unknown>, ProviderRuntime>;
}

export type DeclaredArgs<A> = Inputs<A>;

/** References to a declared resource's fields: any field name gives an Output of it. */
export function outputsOf<R>(name: string): OutputsOf<R> {
  return new Proxy({} as OutputsOf<R>, {
    get: (_, field) => (typeof field === "string" ? outputOf(name, field) : undefined),
  });
}

/** A generated lookup function, as a stack uses it. */
export type LookupFunction<A, R, P extends ProviderRuntime> = (
  args: A,
  options?: { provider?: P | undefined },
) => Promise<R>;

/** A declared lookup: references to its result's fields for resources' inputs. */
export interface DeclaredLookup<R> {
  readonly name: string;
  readonly out: OutputsOf<R>;
}

/** What the engine keeps of a declared lookup. */
export interface LookupDeclaration {
  readonly name: string;
  readonly run: (args: object, options: { provider?: ProviderRuntime | undefined }) => Promise<object>;
  readonly args: unknown;
  readonly provider?: ProviderRuntime | undefined;
}
