/** Types of mutate.mjs (plain JavaScript, so `make fuzz` runs it on the compiled generator). */
export function random(seed: number): () => number;
export const MUTATORS: Readonly<Record<string, (text: string, rand: () => number) => string>>;
export const MUTATOR_NAMES: readonly string[];
