import type { ManagedResource, Values } from "./resource.js";

/**
 * Tells an object read from the service the inputs last applied to it (a stack's record): the service
 * never returns the write-only ones, and the record knows them, given or not. For the stack engine;
 * not exported from the runtime's root. ManagedResource installs it, where its private state is in reach.
 */
export let knowAppliedInputs: (resource: ManagedResource, applied: Values) => void;

export const installKnowAppliedInputs = (know: typeof knowAppliedInputs): void => {
  knowAppliedInputs = know;
};
