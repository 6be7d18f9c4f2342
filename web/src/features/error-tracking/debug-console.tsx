/**
 * The debug console (?debug=1): the error log of this browser, newest first, each entry expandable to
 * its full details (stack, path history, request data), with Clear.
 */
import { type ReactNode, useSyncExternalStore } from 'react';
import { DebugPanelFrame } from '../debug-panel-frame';
import {
  clearErrorLog,
  type ErrorLogEntry,
  getErrorLog,
  getServerErrorLog,
  subscribeErrorLog,
} from './error-log';

const TYPE_STYLES: Readonly<Record<ErrorLogEntry['type'], string>> = {
  error: 'bg-danger text-white',
  network: 'bg-gold text-white',
  checkout: 'bg-wine text-cream',
};

function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString('en-IE', { dateStyle: 'medium', timeStyle: 'medium' });
}

function Field({ label, children }: { readonly label: string; readonly children: ReactNode }) {
  return (
    <div className="grid grid-cols-[6.5rem_1fr] gap-2">
      <dt className="font-semibold text-muted">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

function EntryDetails({ entry }: { readonly entry: ErrorLogEntry }) {
  return (
    <dl className="mt-2 space-y-1 text-xs">
      <Field label="Time">{formatTime(entry.timestamp)}</Field>
      <Field label="Type">{entry.type}</Field>
      {entry.endpoint !== undefined ? <Field label="Endpoint">{entry.endpoint}</Field> : null}
      {entry.status !== undefined ? <Field label="Status">{entry.status}</Field> : null}
      {entry.duration !== undefined ? <Field label="Duration">{entry.duration} ms</Field> : null}
      <Field label="Page">{entry.url}</Field>
      <Field label="Cart size">{entry.cartSize}</Field>
      <Field label="Path history">
        {entry.pathHistory.length > 0 ? entry.pathHistory.join(' → ') : '(none)'}
      </Field>
      <Field label="Browser">{entry.userAgent}</Field>
      {entry.extra ? (
        <Field label="Extra">
          <pre className="whitespace-pre-wrap font-mono">{JSON.stringify(entry.extra, null, 2)}</pre>
        </Field>
      ) : null}
      {entry.stack ? (
        <Field label="Stack">
          <pre className="max-h-48 overflow-auto whitespace-pre-wrap rounded bg-cream p-2 font-mono">
            {entry.stack}
          </pre>
        </Field>
      ) : null}
      <Field label="Id">
        <span className="font-mono">{entry.id}</span>
      </Field>
    </dl>
  );
}

export function DebugConsole({ onClose }: { readonly onClose: () => void }) {
  const entries = useSyncExternalStore(subscribeErrorLog, getErrorLog, getServerErrorLog);
  const newestFirst = [...entries].reverse();
  const count = `${entries.length} ${entries.length === 1 ? 'entry' : 'entries'}`;
  return (
    <DebugPanelFrame title="Debug console" summary={count} onClose={onClose}>
      <div aria-live="polite">
        {newestFirst.length === 0 ? (
          <p className="px-4 py-6 text-center text-sm text-muted">No errors logged yet</p>
        ) : (
          <ol className="divide-y divide-line">
            {newestFirst.map((entry) => (
              <li key={entry.id} className="px-4 py-2">
                <details>
                  <summary className="flex cursor-pointer items-start gap-2 py-1 text-sm">
                    <span
                      className={`mt-0.5 shrink-0 rounded px-1.5 py-0.5 text-[11px] font-semibold uppercase ${TYPE_STYLES[entry.type]}`}
                    >
                      {entry.type}
                    </span>
                    <span className="min-w-0 flex-1 break-words">{entry.message}</span>
                    <time dateTime={entry.timestamp} className="shrink-0 text-xs text-muted">
                      {new Date(entry.timestamp).toLocaleTimeString('en-IE')}
                    </time>
                  </summary>
                  <EntryDetails entry={entry} />
                </details>
              </li>
            ))}
          </ol>
        )}
      </div>
      <div className="flex items-center justify-between gap-3 border-t border-line px-4 py-3">
        <p className="text-xs text-muted">Stored in this browser only.</p>
        <button
          type="button"
          onClick={clearErrorLog}
          disabled={entries.length === 0}
          className="inline-flex min-h-11 shrink-0 items-center rounded-full border border-line px-4 text-sm font-medium hover:bg-sand disabled:cursor-not-allowed disabled:opacity-50"
        >
          Clear log
        </button>
      </div>
    </DebugPanelFrame>
  );
}
