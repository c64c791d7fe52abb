import { subPlan, type ModuleJob } from "../plan/modules.js";
import type { PackagePlan } from "../plan/planPackage.js";

/** Prints modules of a plan to unformatted text, path to text. */
export type Printer = (plan: PackagePlan, jobs: readonly ModuleJob[]) => Promise<Map<string, string>>;

/** In this thread; ts-morph is loaded on first use. */
export const printHere: Printer = async (plan, jobs) => {
  const { emitModule } = await import("../emit/modules.js");
  return new Map(jobs.map((job) => [job.path, emitModule(plan, job)]));
};

/**
 * The generated modules of one side, each printed at most once, when first asked for: early (a
 * guess at what changed, while the other side still loads) or when the comparison needs it.
 */
export class SideModules {
  private readonly plans: ReadonlyMap<string, PackagePlan>;
  private readonly texts = new Map<string, Promise<string>>();

  constructor(
    plans: readonly PackagePlan[],
    private readonly print: Printer,
  ) {
    this.plans = new Map(plans.map((p) => [p.model.provider.name, p]));
  }

  plan(pkg: string): PackagePlan | undefined {
    return this.plans.get(pkg);
  }

  /** Starts printing those of `jobs` not yet started, as one batch with only the part of the plan they read. */
  request(pkg: string, jobs: readonly ModuleJob[]): void {
    const plan = this.plans.get(pkg)!;
    const fresh = jobs.filter((j) => !this.texts.has(`${pkg}/${j.path}`));
    if (fresh.length === 0) return;
    const batch = this.print(subPlan(plan, fresh), fresh);
    // Settled here too, so a guess nobody awaits never surfaces as an unhandled rejection.
    batch.catch(() => undefined);
    for (const j of fresh)
      this.texts.set(
        `${pkg}/${j.path}`,
        batch.then((texts) => texts.get(j.path)!),
      );
  }

  text(pkg: string, job: ModuleJob): Promise<string> {
    this.request(pkg, [job]);
    return this.texts.get(`${pkg}/${job.path}`)!;
  }
}
