/**
 * In-process limits for the image editor: a fixed window per client (owner endpoints are rare; this
 * only stops token guessing and runaway scripts) and a cap on concurrent edits (each pass is CPU work).
 */
export class WindowLimiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request; returns the seconds to wait when over the limit, else 0. */
  take(key: string): number {
    const t = this.now();
    if (this.hits.size > 10_000) this.prune(t);
    const entry = this.hits.get(key);
    if (!entry || entry.resetAt <= t) {
      this.hits.set(key, { count: 1, resetAt: t + this.windowMs });
      return 0;
    }
    entry.count += 1;
    return entry.count > this.max ? Math.ceil((entry.resetAt - t) / 1000) : 0;
  }

  private prune(t: number): void {
    for (const [key, entry] of this.hits) if (entry.resetAt <= t) this.hits.delete(key);
  }
}

export class ConcurrencyGate {
  private active = 0;

  constructor(private readonly max: number) {}

  /** Runs `task` if a slot is free; returns null without running it when all slots are busy. */
  async run<T>(task: () => Promise<T>): Promise<{ value: T } | null> {
    if (this.active >= this.max) return null;
    this.active += 1;
    try {
      return { value: await task() };
    } finally {
      this.active -= 1;
    }
  }
}
