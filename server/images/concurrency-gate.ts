/** A cap on concurrent image edits: each pass is CPU work, so more wait for a retry instead of queueing. */
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
