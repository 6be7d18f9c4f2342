// A DevTools performance trace of a page load at a fixed CPU slowdown, summarised: every main-thread
// task of the renderer after navigation, longest first, with what ran inside it (scripts evaluated,
// functions called, React's scheduler work, layout, style) and a self-time profile of the JavaScript.
// Unlike Lighthouse's simulation its figures are real (slowed) milliseconds, so run it A/B on the same
// host moment and compare shares, not absolutes, when the machine is busy.
//
//   npx tsx scripts/bench/trace-load.ts --url=http://127.0.0.1:4384/product/1 --runs=3 --cpu=4
//   ... --out=/tmp/trace   keeps each run's trace JSON (open it in DevTools' Performance panel)
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { CHROMIUM_OFFLINE_FLAGS, CHROMIUM_PATH } from '../chromium';
import { FONT_TRACE_CATEGORY, firstLayoutTask, pageMainThread, type TraceEvent } from './trace-tasks';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string' },
    runs: { type: 'string', default: '3' },
    cpu: { type: 'string', default: '4' },
    out: { type: 'string' },
    threshold: { type: 'string', default: '30' },
  },
});
if (!args.url) throw new Error('--url is required');
const url = args.url;
const cpu = Number(args.cpu);
const threshold = Number(args.threshold);

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'blink.user_timing',
  'loading',
  'toplevel',
  'disabled-by-default-v8.cpu_profiler',
  FONT_TRACE_CATEGORY,
];

async function traceOnce(run: number): Promise<TraceEvent[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_OFFLINE_FLAGS] });
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (data) => {
      events.push(...(data.value as unknown as TraceEvent[]));
    });
    const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.start', {
      transferMode: 'ReportEvents',
      traceConfig: { includedCategories: CATEGORIES },
    });
    await page.goto(url, { waitUntil: 'load' });
    // The app boots after the first paint and hydrates in slices; idle callbacks and lazy chunks follow.
    await page.waitForTimeout(6000);
    await cdp.send('Tracing.end');
    await done;
    if (args.out) {
      mkdirSync(args.out, { recursive: true });
      writeFileSync(path.join(args.out, `trace-${run}.json`), JSON.stringify({ traceEvents: events }));
    }
    return events;
  } finally {
    await browser.close();
  }
}

function describe(inside: readonly TraceEvent[]): string {
  const parts = new Map<string, number>();
  for (const e of inside) {
    let label: string | undefined;
    const data = e.args?.data as Record<string, unknown> | undefined;
    if (e.name === 'EvaluateScript' || e.name === 'v8.compileModule' || e.name === 'v8.evaluateModule') {
      label = `${e.name} ${String(data?.url ?? e.args?.fileName ?? '')
        .split('/')
        .pop()}`;
    } else if (e.name === 'FunctionCall') {
      label = `call ${String(data?.functionName || '(anon)')} ${String(data?.url ?? '')
        .split('/')
        .pop()}:${String(data?.lineNumber ?? '')}`;
    } else if (
      [
        'Layout',
        'UpdateLayoutTree',
        'ParseHTML',
        'Paint',
        'TimerFire',
        'FireAnimationFrame',
        'RunMicrotasks',
        'ParseAuthorStyleSheet',
        'PrePaint',
        'Layerize',
        'GCEvent',
        'MinorGC',
        'MajorGC',
        'V8.GC_SCAVENGER',
        'HitTest',
      ].includes(e.name)
    ) {
      label = e.name;
    }
    if (label && e.dur) parts.set(label, (parts.get(label) ?? 0) + e.dur / 1000);
  }
  return [...parts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6)
    .map(([k, v]) => `${k} ${v.toFixed(1)}`)
    .join(' | ');
}

/** Self time per function (from the V8 sampling profiler's ProfileChunk events), top entries. */
function profileSelf(
  events: readonly TraceEvent[],
  pid: number,
  fromTs: number,
  toTs = Number.POSITIVE_INFINITY,
  top = 25,
): [string, number][] {
  const nodes = new Map<number, { name: string; url: string; line: number }>();
  const self = new Map<string, number>();
  let lastTs = 0;
  for (const e of events) {
    if (e.pid !== pid) continue;
    if (e.name === 'Profile') lastTs = Number((e.args?.data as { startTime?: number })?.startTime ?? 0);
    if (e.name !== 'ProfileChunk') continue;
    const data = e.args?.data as {
      cpuProfile?: {
        nodes?: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
        samples?: number[];
      };
      timeDeltas?: number[];
    };
    for (const n of data.cpuProfile?.nodes ?? []) {
      nodes.set(n.id, {
        name: n.callFrame.functionName || '(anon)',
        url: (n.callFrame.url ?? '').split('/').pop() ?? '',
        line: n.callFrame.lineNumber,
      });
    }
    const samples = data.cpuProfile?.samples ?? [];
    const deltas = data.timeDeltas ?? [];
    for (let i = 0; i < samples.length; i++) {
      const delta = deltas[i] ?? 0;
      lastTs += delta;
      if (lastTs < fromTs || lastTs > toTs) continue;
      const node = nodes.get(samples[i] ?? -1);
      if (!node || node.name === '(idle)' || node.name === '(program)') continue;
      const key = `${node.name} ${node.url}:${node.line}`;
      self.set(key, (self.get(key) ?? 0) + delta / 1000);
    }
  }
  return [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, top);
}

for (let run = 1; run <= Number(args.runs); run++) {
  const events = await traceOnce(run);
  const main = pageMainThread(events, url);
  const { pid, nav, fcp, events: onMain } = main;
  const tasks = onMain.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > 0);
  console.log(
    `\nrun ${run}: ${cpu}x CPU, FCP at ${fcp ? ((fcp - nav) / 1000).toFixed(0) : '?'} ms after ParseHTML`,
  );
  const first = firstLayoutTask(main);
  if (first) {
    console.log(
      `  first full layout's task: ${first.wallMs.toFixed(1)} ms wall, ${first.cpuMs.toFixed(1)} ms thread time, ` +
        `${first.fontLookupMs.toFixed(1)} ms of it in font lookups`,
    );
  }
  // Thread time x the slowdown is what a task costs on the simulated phone whatever else the host runs;
  // wall time (dur) also holds the throttler's pauses and the other processes' turns on the cores.
  let blocking = 0;
  let cpuBlocking = 0;
  console.log(`  start (ms)   wall   cpu x${cpu}  inside (wall ms)`);
  for (const task of tasks) {
    const ms = (task.dur ?? 0) / 1000;
    const cpuMs = ((task.tdur ?? 0) / 1000) * cpu;
    if (fcp && task.ts >= fcp && ms > 50) blocking += ms - 50;
    if (fcp && task.ts >= fcp && cpuMs > 50) cpuBlocking += cpuMs - 50;
    if (ms < threshold && cpuMs < threshold) continue;
    const end = task.ts + (task.dur ?? 0);
    const inside = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts < end);
    console.log(
      `  +${((task.ts - nav) / 1000).toFixed(0).padStart(5)}  ${ms.toFixed(1).padStart(6)}  ${cpuMs.toFixed(1).padStart(6)}  ${describe(inside)}`,
    );
    if (ms >= 50) {
      const self = profileSelf(events, pid, task.ts, end, 6);
      console.log(`${' '.repeat(25)}JS self: ${self.map(([k, v]) => `${k} ${v.toFixed(1)}`).join(' | ')}`);
    }
  }
  console.log(
    `  blocking after FCP (over 50 ms): wall ${blocking.toFixed(0)} ms, thread time x${cpu} ${cpuBlocking.toFixed(0)} ms`,
  );
  console.log('  JS self time after navigation (ms):');
  for (const [name, ms] of profileSelf(events, pid, nav))
    console.log(`    ${ms.toFixed(1).padStart(6)}  ${name}`);
}
