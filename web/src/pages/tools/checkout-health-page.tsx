/**
 * /checkout-health: the checkout diagnostics this browser stored (last successful checkout, last
 * checkout error) and its recent checkout events, re-read every TIMINGS_MS.checkoutHealthRefresh.
 */
import { useCallback, useEffect, useState } from 'react';
import { TIMINGS_MS } from '../../../../domain/config';
import { LazyConfirmDialog } from '../../components/ui/lazy-confirm-dialog';
import {
  CHECKOUT_HEALTH_CHANGED_EVENT,
  type CheckoutHealth,
  clearCheckoutHealth,
  getEvents,
  type RecordedEvent,
  readCheckoutHealth,
} from '../../features/events/events';
import { BUTTON_SECONDARY, ToolLayout } from './tool-layout';

interface Snapshot {
  readonly health: CheckoutHealth;
  readonly events: readonly RecordedEvent[];
  readonly readAt: Date;
}

const EVENTS_SHOWN = 10;

function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString('en-IE', { dateStyle: 'medium', timeStyle: 'medium' });
}

function describeData(data: RecordedEvent['data']): string {
  if (!data) return '';
  return Object.entries(data)
    .map(([k, v]) => `${k}: ${String(v)}`)
    .join(', ');
}

export function CheckoutHealthPage() {
  const [snapshot, setSnapshot] = useState<Snapshot | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState('');

  const refresh = useCallback(() => {
    setSnapshot({
      health: readCheckoutHealth(),
      events: getEvents().slice(-EVENTS_SHOWN).reverse(),
      readAt: new Date(),
    });
  }, []);

  useEffect(() => {
    refresh();
    const timer = window.setInterval(refresh, TIMINGS_MS.checkoutHealthRefresh);
    window.addEventListener(CHECKOUT_HEALTH_CHANGED_EVENT, refresh);
    window.addEventListener('storage', refresh);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener(CHECKOUT_HEALTH_CHANGED_EVENT, refresh);
      window.removeEventListener('storage', refresh);
    };
  }, [refresh]);

  const health = snapshot?.health;
  const hasStats = Boolean(health?.lastSuccessAt || health?.lastError);

  return (
    <ToolLayout
      title="Checkout Health"
      intro={
        <p>
          What this browser recorded about its own checkouts. Refreshes every{' '}
          {TIMINGS_MS.checkoutHealthRefresh / 1000} seconds.
        </p>
      }
    >
      <div className="grid gap-4 sm:grid-cols-2" aria-busy={snapshot === null}>
        <section aria-labelledby="last-success" className="rounded-2xl border border-line bg-white p-5">
          <h2 id="last-success" className="text-xl">
            Last successful checkout
          </h2>
          {health?.lastSuccessAt ? (
            <p className="mt-3">
              <time dateTime={health.lastSuccessAt} className="font-semibold text-success">
                {formatDateTime(health.lastSuccessAt)}
              </time>
            </p>
          ) : (
            <p className="mt-3 text-muted">{snapshot ? 'No successful checkout recorded.' : 'Loading…'}</p>
          )}
        </section>
        <section aria-labelledby="last-error" className="rounded-2xl border border-line bg-white p-5">
          <h2 id="last-error" className="text-xl">
            Last checkout error
          </h2>
          {health?.lastError ? (
            <dl className="mt-3 grid grid-cols-[5rem_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-muted">Code</dt>
              <dd className="font-mono font-semibold text-danger">{health.lastError.code}</dd>
              <dt className="text-muted">Message</dt>
              <dd className="break-words">{health.lastError.msg}</dd>
              <dt className="text-muted">Time</dt>
              <dd>
                <time dateTime={health.lastError.time}>{formatDateTime(health.lastError.time)}</time>
              </dd>
            </dl>
          ) : (
            <p className="mt-3 text-muted">{snapshot ? 'No checkout error recorded.' : 'Loading…'}</p>
          )}
        </section>
      </div>

      <section aria-labelledby="recent-events" className="mt-8">
        <h2 id="recent-events" className="text-xl">
          Recent checkout events
        </h2>
        {snapshot && snapshot.events.length > 0 ? (
          <ol className="mt-3 divide-y divide-line rounded-2xl border border-line bg-white text-sm">
            {snapshot.events.map((e, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list re-read as a whole; two events can share a time.
              <li key={`${e.time}-${i}`} className="flex flex-wrap gap-x-4 gap-y-1 px-4 py-2">
                <span className="font-mono font-semibold">{e.name}</span>
                <time dateTime={e.time} className="text-muted">
                  {formatDateTime(e.time)}
                </time>
                <span className="text-muted">{describeData(e.data)}</span>
              </li>
            ))}
          </ol>
        ) : (
          <p className="mt-3 text-muted">No checkout events recorded in this browser.</p>
        )}
      </section>

      <div className="mt-8 flex flex-wrap items-center gap-4">
        <button
          type="button"
          className={BUTTON_SECONDARY}
          onClick={() => setConfirming(true)}
          disabled={!hasStats}
        >
          Clear Stats
        </button>
        <p className="text-xs text-muted">
          {snapshot ? `Last refreshed ${snapshot.readAt.toLocaleTimeString('en-IE')}` : ''}
        </p>
      </div>
      <p role="status" className="mt-3 min-h-6 text-sm">
        {message}
      </p>
      <LazyConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Clear checkout stats?"
        description="The last success time and last error stored in this browser are removed."
        confirmLabel="Clear Stats"
        onConfirm={() => {
          clearCheckoutHealth();
          refresh();
          setMessage('Checkout stats cleared.');
        }}
      />
    </ToolLayout>
  );
}
