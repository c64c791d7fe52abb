import type { StoreOrigin } from "../reuse/store.js";

/** Why a generated file was rendered rather than reused. */
export type RenderReason = "no earlier run wrote it" | "its input changed" | "the file changed on disk";

/** What a run reused and what it did afresh, and why: `generate --explain` prints it. */
export class Explanation {
  private readonly counts = new Map<string, number>();
  private readonly rendered = new Map<string, Map<RenderReason, string[]>>();

  constructor(
    private readonly origin: StoreOrigin,
    private readonly cacheDir: string | undefined,
  ) {}

  count(what: string): void {
    this.counts.set(what, (this.counts.get(what) ?? 0) + 1);
  }

  /** A file of `pkg` rendered, and why. */
  render(pkg: string, path: string, why: RenderReason): void {
    let reasons = this.rendered.get(pkg);
    if (!reasons) this.rendered.set(pkg, (reasons = new Map()));
    const paths = reasons.get(why);
    if (paths) paths.push(path);
    else reasons.set(why, [path]);
  }

  /** The report, a line each, naming up to `shown` files per reason. */
  lines(shown = 5): string[] {
    const reused = this.counts.get("generated files reused") ?? 0;
    const all = reused + (this.counts.get("generated files rendered") ?? 0);
    const out = [
      reused === 0
        ? `full run: ${ORIGIN[this.origin](this.cacheDir)}; nothing was reused`
        : `incremental run: ${ORIGIN[this.origin](this.cacheDir)}; ${reused} of ${all} generated files reused`,
      ...[...this.counts].map(([what, n]) => `  ${what}: ${n}`),
    ];
    for (const [pkg, reasons] of this.rendered)
      for (const [why, paths] of reasons) {
        const more = paths.length > shown ? `, and ${paths.length - shown} more` : "";
        out.push(`  ${pkg}: ${paths.length} rendered because ${why}: ${paths.slice(0, shown).join(", ")}${more}`);
      }
    return out;
  }
}

/** Where the results a run could reuse came from. */
const ORIGIN: Record<StoreOrigin, (dir: string | undefined) => string> = {
  none: () => "no cache (--no-cache)",
  absent: (dir) => `no cache yet in ${dir}`,
  damaged: (dir) => `the cache in ${dir} was damaged, and ignored`,
  disk: (dir) => `the cache in ${dir}, as the last run left it`,
  memory: () => "what this watch's last run kept",
};
