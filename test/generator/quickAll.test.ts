import { describe, expect, it } from "vitest";
import { quickAll, type ParseAlongside } from "../../generator/load/quickAll.js";
import { quickData } from "../../generator/load/quickParse.js";
import { Claims } from "../../generator/parallel/claims.js";

// 300 texts (enough to be shared), every tenth one needing the full reading (a tab).
const texts = Array.from({ length: 300 }, (_, i) =>
  i % 10 === 3 ? `name: n${i}\n\tbad: x\n` : `name: n${i}\nn: ${i}\n`,
);
const alone = texts.map((t) => quickData(t));

/**
 * Another thread that has claimed the last `taken` texts before this one starts, and answers with its
 * data (or never, `answers` false); records whether it was waited for or dropped.
 */
function other(taken: number, answers = true) {
  const seen = { waited: false, dropped: false };
  const alongside: ParseAlongside = (given, shared) => {
    const claims = new Claims(shared);
    const data = new Map<number, Record<string, unknown>>();
    for (let i = given.length - 1; i >= given.length - taken; i--) {
      expect(claims.claim(i)).toBe(true);
      const d = quickData(given[i]!);
      if (d) data.set(i, d);
    }
    return {
      answer: () => ((seen.waited = true), answers ? data : undefined),
      drop: () => void (seen.dropped = true),
    };
  };
  return { alongside, seen };
}

describe("reading schema texts beside another thread", () => {
  it("gives each text's data as reading it alone does, the other thread's share included", () => {
    const { alongside, seen } = other(120);
    expect(alone.filter((d) => d === undefined)).toHaveLength(30);
    expect(quickAll(texts, alongside)).toEqual(alone);
    expect(seen).toEqual({ waited: true, dropped: false });
  });

  it("reads the other thread's share here when it never answers", () => {
    const { alongside, seen } = other(120, false);
    expect(quickAll(texts, alongside)).toEqual(alone);
    expect(seen.waited).toBe(true);
  });

  it("waits for no thread that took nothing, and shares no short list", () => {
    const idle = other(0);
    expect(quickAll(texts, idle.alongside)).toEqual(alone);
    expect(idle.seen).toEqual({ waited: false, dropped: true });
    const short = other(0);
    expect(quickAll(texts.slice(0, 50), short.alongside)).toEqual(alone.slice(0, 50));
    expect(short.seen).toEqual({ waited: false, dropped: false });
  });
});
