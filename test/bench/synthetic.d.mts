/** Types of synthetic.mjs (plain JavaScript, so `make bench` runs it without a build). */
export function writeSynthetic(
  schemasDir: string,
  count?: number,
): { types: number; resources: number; lookups: number };
export function writeHugeResource(schemasDir: string, fields?: number): { bytes: number };
