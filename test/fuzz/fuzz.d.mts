/** Types of fuzz.mjs (plain JavaScript, so `make fuzz` runs it on the compiled generator). */
export interface FuzzCounts {
  readonly mutants: number;
  readonly valid: number;
  readonly rejected: number;
  readonly diagnostics: number;
  readonly byMutator: Readonly<Record<string, number>>;
}
export const MAX_REPORT: number;
export function fuzz(options: { mutants: number; seed: number; provider?: string; repo?: string }): {
  counts: FuzzCounts;
  failures: string[];
};
