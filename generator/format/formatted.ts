/**
 * Marks around a statement the emitter printed in prettier's style: the formatter takes it out,
 * formats the rest of the module, and puts it back as it was.
 */
export const FORMATTED_BEGIN = "//@sdkgen:formatted:begin";
export const FORMATTED_END = "//@sdkgen:formatted:end";

const BLOCK = /^\/\/@sdkgen:formatted:begin\n([\s\S]*?)\n\/\/@sdkgen:formatted:end$/gm;
const PLACE = /^\/\/@sdkgen:formatted (\d+)$/gm;

/** The module with each marked statement replaced by a placeholder line, and those statements. */
export function takeFormatted(text: string): { rest: string; pieces: string[] } {
  const pieces: string[] = [];
  const rest = text.replace(BLOCK, (_, piece: string) => `//@sdkgen:formatted ${pieces.push(piece) - 1}`);
  return { rest, pieces };
}

/** Puts the statements back in place of their placeholders. */
export const putFormatted = (text: string, pieces: readonly string[]): string =>
  pieces.length === 0 ? text : text.replace(PLACE, (_, i: string) => pieces[Number(i)]!);
