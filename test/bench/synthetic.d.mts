/** Types of synthetic.mjs (plain JavaScript, so `make bench` runs it without a build). */
export function writeSynthetic(
  schemasDir: string,
  count?: number,
): { types: number; resources: number; lookups: number };
export function syntheticCounts(count?: number): { types: number; resources: number; lookups: number };
export function providerYaml(): string;
export function partYaml(i: number): string;
export function lookupYaml(i: number, types: number): string;
export function resourceYaml(i: number, types: number): string;
export function writeHugeResource(schemasDir: string, fields?: number): { bytes: number };
