// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerDispatchRequest } from './dispatch-protocol';

const MONDAY_10AM = Date.parse('2026-11-23T10:00:00Z');

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
  delete window.__SOLAS_CLOSED_DATES__;
});

describe('the worker’s answer', () => {
  it('gives every zone’s view for the page’s clock and the server’s closures', () => {
    const answer = answerDispatchRequest({ id: 7, now: MONDAY_10AM, closedDates: null });
    expect(answer).toMatchObject({ id: 7, ok: true });
    if (!answer.ok) throw new Error('refused');
    expect(answer.views.IE.dispatchBy).toBe('Thursday 26 November');
    expect(answer.views.IE.delivery).toBe('Delivery to Ireland: Tuesday 1 December to Thursday 3 December');
    expect(answer.views.EU.delivery).toMatch(/^Delivery to EU: /);
    expect(answer.views.WORLD.christmas?.text).toMatch(/rest of the world/);

    const closed = answerDispatchRequest({ id: 8, now: MONDAY_10AM, closedDates: '2026-11-23..2026-11-27' });
    if (!closed.ok) throw new Error('refused');
    expect(closed.views.IE.closure).toBe('Our workshop is closed: dispatch resumes on Monday 30 November.');
  });

  it('refuses what is not a request', () => {
    expect(answerDispatchRequest({ id: 1, now: 'today', closedDates: null })).toEqual({ id: -1, ok: false });
    expect(answerDispatchRequest(null)).toEqual({ id: -1, ok: false });
    expect(answerDispatchRequest({ id: 2, now: Number.NaN, closedDates: null })).toEqual({
      id: -1,
      ok: false,
    });
    // A number, but no instant a Date can hold.
    expect(answerDispatchRequest({ id: 3, now: 1e20, closedDates: null })).toEqual({ id: 3, ok: false });
  });
});

/** A Worker that answers on the next task, as the real one does, with the same handler. */
class AnsweringWorker {
  static created: AnsweringWorker[] = [];
  readonly requests: unknown[] = [];
  onmessage: ((event: MessageEvent<unknown>) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  constructor(
    readonly url: URL,
    readonly options: WorkerOptions,
  ) {
    AnsweringWorker.created.push(this);
  }
  postMessage(data: unknown) {
    this.requests.push(data);
    setTimeout(() => this.onmessage?.(new MessageEvent('message', { data: answerDispatchRequest(data) })));
  }
  terminate() {}
}

/** A Worker whose script never loads. */
class FailingWorker extends AnsweringWorker {
  override postMessage(data: unknown) {
    this.requests.push(data);
    setTimeout(() => this.onerror?.(new Event('error')));
  }
}

describe('requestDispatchViews', () => {
  it('asks one module worker, with the page’s clock and closures, for every request', async () => {
    AnsweringWorker.created = [];
    vi.stubGlobal('Worker', AnsweringWorker);
    window.__SOLAS_CLOSED_DATES__ = '2026-12-24..2027-01-04';
    const { requestDispatchViews } = await import('./dispatch-calendar');
    const first = await requestDispatchViews(MONDAY_10AM);
    const second = await requestDispatchViews(MONDAY_10AM + 60_000);
    expect(first.IE.dispatchBy).toBe('Thursday 26 November');
    expect(second.IE.dispatchBy).toBe('Thursday 26 November');
    expect(AnsweringWorker.created).toHaveLength(1);
    const [worker] = AnsweringWorker.created;
    expect(worker?.options.type).toBe('module');
    expect(worker?.url.pathname).toMatch(/dispatch-worker\.ts$/);
    expect(worker?.requests).toEqual([
      { id: 1, now: MONDAY_10AM, closedDates: '2026-12-24..2027-01-04' },
      { id: 2, now: MONDAY_10AM + 60_000, closedDates: '2026-12-24..2027-01-04' },
    ]);
  });

  it('computes on the main thread when the worker fails, and stops asking it', async () => {
    AnsweringWorker.created = [];
    vi.stubGlobal('Worker', FailingWorker);
    const { requestDispatchViews } = await import('./dispatch-calendar');
    const views = await requestDispatchViews(MONDAY_10AM);
    expect(views.IE.dispatchBy).toBe('Thursday 26 November');
    await requestDispatchViews(MONDAY_10AM);
    expect(AnsweringWorker.created).toHaveLength(1);
    expect(AnsweringWorker.created[0]?.requests).toHaveLength(1);
  });

  it('computes on the main thread where there is no Worker', async () => {
    vi.stubGlobal('Worker', undefined);
    const { requestDispatchViews } = await import('./dispatch-calendar');
    const views = await requestDispatchViews(MONDAY_10AM);
    expect(views.EU.dispatchBy).toBe('Thursday 26 November');
  });
});
