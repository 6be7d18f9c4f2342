import { describe, expect, it } from 'vitest';
import { blockingAfterFirstPaint, firstLayoutTask, pageMainThread, type TraceEvent } from './trace-tasks';

const URL = 'http://127.0.0.1:4000/product/1';
const MAIN = { pid: 7, tid: 1 };

/** A complete event on the page's main thread; times in ms (traces hold µs). */
const task = (
  name: string,
  ts: number,
  dur: number,
  tdur = dur,
  args?: Record<string, unknown>,
): TraceEvent => ({
  name,
  cat: 'devtools.timeline',
  ph: 'X',
  ts: ts * 1000,
  dur: dur * 1000,
  tdur: tdur * 1000,
  ...MAIN,
  ...(args ? { args } : {}),
});

/**
 * about:blank's layout on another process; the page's parse at 100 ms; its first full layout at 130 ms
 * inside a task of 60 ms wall and 20 ms CPU, which waited 30 ms on two nested font lookups and one more;
 * the first paint at 200 ms; after it one task of 30 ms wall with 10 ms CPU, and a short one.
 */
const EVENTS: TraceEvent[] = [
  { ...task('Layout', 10, 1, 1, { beginData: { totalObjects: 3 } }), pid: 3 },
  task('ParseHTML', 100, 5, 5, { beginData: { url: URL } }),
  task('RunTask', 110, 10, 10),
  task('Layout', 112, 1, 1, { beginData: { totalObjects: 4 } }),
  task('RunTask', 125, 60, 20),
  task('Layout', 130, 40, 10, { beginData: { totalObjects: 147 } }),
  task('FontCache::GetFontPlatformData', 131, 20, 1),
  task('FontCache::GetFontPlatformData', 132, 15, 1),
  task('FontCache::GetFontPlatformData', 160, 10, 1),
  { name: 'firstContentfulPaint', cat: 'loading', ph: 'R', ts: 200_000, ...MAIN },
  task('RunTask', 210, 30, 10),
  task('RunTask', 300, 5, 5),
];

describe('firstLayoutTask', () => {
  it('finds the task of the first layout with more than a handful of objects, and its font lookups once each', () => {
    expect(firstLayoutTask(pageMainThread(EVENTS, URL))).toEqual({ wallMs: 60, cpuMs: 20, fontLookupMs: 30 });
  });

  it('is undefined when the page never laid out in full, and throws when the page is not in the trace', () => {
    expect(
      firstLayoutTask(
        pageMainThread(
          EVENTS.filter((e) => e.name !== 'Layout'),
          URL,
        ),
      ),
    ).toBeUndefined();
    expect(() => pageMainThread(EVENTS, 'http://127.0.0.1:4000/cart')).toThrow(/no ParseHTML/);
  });
});

describe('blockingAfterFirstPaint', () => {
  it('scales each task after the paint by the slowdown, by wall time and by CPU time', () => {
    // x4: the 30 ms task is 120 ms by wall (70 over the line), 40 by CPU (under it); the 5 ms one is 20.
    expect(blockingAfterFirstPaint(pageMainThread(EVENTS, URL), 4)).toEqual({ byWallMs: 70, byCpuMs: 0 });
    // x6: 180 - 50 by wall, 60 - 50 by CPU; the tasks that ended before the paint never count.
    expect(blockingAfterFirstPaint(pageMainThread(EVENTS, URL), 6)).toEqual({ byWallMs: 130, byCpuMs: 10 });
  });

  it('is undefined without a first contentful paint', () => {
    expect(
      blockingAfterFirstPaint(
        pageMainThread(
          EVENTS.filter((e) => e.name !== 'firstContentfulPaint'),
          URL,
        ),
        4,
      ),
    ).toBeUndefined();
  });
});
