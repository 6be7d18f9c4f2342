/**
 * The page's side of the dispatch calendar: asks the worker (dispatch-worker.ts) for the views of every
 * zone at a reading of the page's clock. The worker is started on the first request (after hydration)
 * and kept for the minute's refreshes. Where there is no worker (tests, a browser without module
 * workers) or it fails to start, the calendar is loaded and run on the main thread instead, as it was
 * before: the dates are the same either way, only the thread that pays for them differs.
 */
import type { DispatchAnswer, DispatchRequest } from './dispatch-protocol';
import type { DispatchViews } from './dispatch-view';

interface Waiting {
  readonly resolve: (views: DispatchViews) => void;
  readonly reject: (error: Error) => void;
}

/** undefined: not started yet; null: no worker here (or it failed), the main thread computes. */
let worker: Worker | null | undefined;
let lastId = 0;
const waiting = new Map<number, Waiting>();

function giveUpOnWorker(): void {
  worker?.terminate();
  worker = null;
  for (const { reject } of waiting.values()) reject(new Error('dispatch calendar worker failed'));
  waiting.clear();
}

function isAnswer(data: unknown): data is DispatchAnswer {
  return (
    typeof data === 'object' &&
    data !== null &&
    typeof (data as { id?: unknown }).id === 'number' &&
    typeof (data as { ok?: unknown }).ok === 'boolean'
  );
}

function startWorker(): Worker | null {
  if (worker !== undefined) return worker;
  if (typeof Worker === 'undefined') {
    worker = null;
    return worker;
  }
  try {
    const started = new Worker(new URL('./dispatch-worker.ts', import.meta.url), {
      type: 'module',
      name: 'dispatch-calendar',
    });
    started.onmessage = (event: MessageEvent<unknown>) => {
      const answer = event.data;
      if (!isAnswer(answer)) return;
      const request = waiting.get(answer.id);
      if (!request) return;
      waiting.delete(answer.id);
      if (answer.ok) request.resolve(answer.views);
      else request.reject(new Error('dispatch calendar refused the request'));
    };
    // The script did not load (a failed request, a policy) or threw: every request waiting falls back.
    started.onerror = giveUpOnWorker;
    worker = started;
  } catch {
    worker = null;
  }
  return worker;
}

function closedDatesText(): string | null {
  const text = window.__SOLAS_CLOSED_DATES__;
  return typeof text === 'string' ? text : null;
}

async function onMainThread(now: number, closedDates: string | null): Promise<DispatchViews> {
  const calendar = await import('./dispatch-view');
  return calendar.dispatchViews(new Date(now), calendar.closuresFromText(closedDates));
}

/** The dispatch views of every zone at `now` (the page's Date.now()), with the server's closures. */
export function requestDispatchViews(now: number): Promise<DispatchViews> {
  const closedDates = closedDatesText();
  const target = startWorker();
  if (!target) return onMainThread(now, closedDates);
  lastId += 1;
  const request: DispatchRequest = { id: lastId, now, closedDates };
  return new Promise<DispatchViews>((resolve, reject) => {
    waiting.set(request.id, { resolve, reject });
    target.postMessage(request);
  }).catch(() => onMainThread(now, closedDates));
}
