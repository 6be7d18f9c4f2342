// Reading a Chromium performance trace of one page load: the renderer's main thread, and what the page's
// first full layout cost (bench:web prints it for every Lighthouse run, trace-load.ts for its own traces).
//
// Why the first layout: on these 2-core VMs it is the task that decides Lighthouse's TBT. Its simulation
// multiplies every main-thread task's wall time by the CPU slowdown, and this task's wall time is mostly
// waiting: Blink asks the browser process, synchronously, to match each font family it meets and for each
// size's rendering settings (Linux's FontDataService and WebSandboxSupportLinux), and a busy host answers
// each question in 0.5-5 ms (docs/performance.md). So bench:web budgets the blocking by CPU time instead.

export interface TraceEvent {
  readonly name: string;
  readonly cat: string;
  readonly ph: string;
  readonly ts: number;
  readonly dur?: number;
  /** Thread (CPU) time: unlike dur, it leaves out the time the thread waited or other processes ran. */
  readonly tdur?: number;
  readonly pid: number;
  readonly tid: number;
  readonly args?: Record<string, unknown>;
}

/** The trace category whose events show the font lookups (not among Lighthouse's defaults). */
export const FONT_TRACE_CATEGORY = 'fonts';

/** The renderer main thread that parsed the page itself (not about:blank), read once for every question below. */
export interface PageMainThread {
  readonly pid: number;
  readonly tid: number;
  /** When the page's HTML began to be parsed (µs, the trace's clock). */
  readonly nav: number;
  /** The thread's complete events from then on, by start time. */
  readonly events: readonly TraceEvent[];
  /** The page's first contentful paint (µs), if the trace has one. */
  readonly fcp: number | undefined;
}

export function pageMainThread(events: readonly TraceEvent[], url: string): PageMainThread {
  const parse = events.find(
    (e) => e.name === 'ParseHTML' && (e.args?.beginData as { url?: string } | undefined)?.url === url,
  );
  if (!parse) throw new Error(`no ParseHTML of ${url} in the trace`);
  const { pid, tid, ts: nav } = parse;
  return {
    pid,
    tid,
    nav,
    events: events
      .filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.ts >= nav)
      .sort((a, b) => a.ts - b.ts),
    fcp: events.find((e) => e.name === 'firstContentfulPaint' && e.pid === pid && e.ts >= nav)?.ts,
  };
}

export interface FirstLayoutTask {
  /** The task's wall time, ms. */
  readonly wallMs: number;
  /** The main thread's CPU time in it, ms. */
  readonly cpuMs: number;
  /** Wall time inside the task's font lookups (outermost FontCache::GetFontPlatformData), ms. */
  readonly fontLookupMs: number;
}

/** A layout of the whole page, not of about:blank or of an almost empty document. */
const FULL_LAYOUT_MIN_OBJECTS = 20;

/**
 * The main-thread task that holds the page's first full layout (the first Layout event over
 * FULL_LAYOUT_MIN_OBJECTS objects), or undefined when the trace has none.
 */
export function firstLayoutTask({ events: onMain }: PageMainThread): FirstLayoutTask | undefined {
  const layout = onMain.find((e) => {
    if (e.name !== 'Layout') return false;
    const objects = (e.args?.beginData as { totalObjects?: number } | undefined)?.totalObjects ?? 0;
    return objects > FULL_LAYOUT_MIN_OBJECTS;
  });
  if (!layout) return undefined;
  const task = onMain.find(
    (e) => e.name === 'RunTask' && e.ts <= layout.ts && e.ts + (e.dur ?? 0) >= layout.ts + (layout.dur ?? 0),
  );
  if (!task) return undefined;
  const end = task.ts + (task.dur ?? 0);
  // Lookups nest (a family's lookup asks for its fallback): count each outermost one once.
  let fontLookup = 0;
  let countedUntil = Number.NEGATIVE_INFINITY;
  for (const e of onMain) {
    if (e.ts < task.ts || e.ts >= end || e.name !== 'FontCache::GetFontPlatformData') continue;
    if (e.ts < countedUntil) continue;
    fontLookup += e.dur ?? 0;
    countedUntil = e.ts + (e.dur ?? 0);
  }
  return { wallMs: (task.dur ?? 0) / 1000, cpuMs: (task.tdur ?? 0) / 1000, fontLookupMs: fontLookup / 1000 };
}

export interface BlockingAfterPaint {
  /** Σ (task's wall time x slowdown - 50 ms) over tasks that end after the first contentful paint, ms. */
  readonly byWallMs: number;
  /** The same with each task's thread (CPU) time instead of its wall time, ms. */
  readonly byCpuMs: number;
}

/** A task over this long (at the simulated phone's speed) blocks input: TBT's threshold. */
const LONG_TASK_MS = 50;

/**
 * Blocking time after the observed first contentful paint in an unthrottled trace, each main-thread task
 * scaled by `slowdown`: by its wall time (as Lighthouse's simulation scales it) and by its CPU time, which
 * leaves out the waits (font lookups answered by the browser process, other processes' turns on the cores).
 * Whole tasks are counted, not clipped at the paint, so a task straddling it counts in full. Its FCP is the
 * observed one, not the simulated one. By CPU time it is bench:web's budget; by wall time a report.
 */
export function blockingAfterFirstPaint(
  { events, fcp }: PageMainThread,
  slowdown: number,
): BlockingAfterPaint | undefined {
  if (fcp === undefined) return undefined;
  let byWall = 0;
  let byCpu = 0;
  for (const e of events) {
    if (e.name !== 'RunTask' || e.ts + (e.dur ?? 0) < fcp) continue;
    byWall += Math.max(0, ((e.dur ?? 0) / 1000) * slowdown - LONG_TASK_MS);
    byCpu += Math.max(0, ((e.tdur ?? 0) / 1000) * slowdown - LONG_TASK_MS);
  }
  return { byWallMs: byWall, byCpuMs: byCpu };
}
