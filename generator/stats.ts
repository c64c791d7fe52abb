/** Time spent per stage of a run, printed by `--stats`. Stages may repeat (once per provider); times add up. */
export class Stats {
  private readonly ms = new Map<string, number>();

  time<T>(stage: string, work: () => T): T {
    const start = performance.now();
    try {
      return work();
    } finally {
      this.ms.set(stage, (this.ms.get(stage) ?? 0) + performance.now() - start);
    }
  }

  async timeAsync<T>(stage: string, work: () => Promise<T>): Promise<T> {
    const start = performance.now();
    try {
      return await work();
    } finally {
      this.ms.set(stage, (this.ms.get(stage) ?? 0) + performance.now() - start);
    }
  }

  report(): string {
    return [...this.ms].map(([stage, ms]) => `${stage} ${ms.toFixed(0)} ms`).join(", ");
  }
}
