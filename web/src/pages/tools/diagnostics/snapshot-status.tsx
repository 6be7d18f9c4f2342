import type { CopyMessage } from './use-clipboard-copy';
import type { RunState } from './use-hero-snapshot';

/**
 * What the snapshot is doing and how the copy went: progress and success in a polite live region,
 * failures as alerts.
 */
export function SnapshotStatus({
  state,
  copyMessage,
}: {
  readonly state: RunState;
  readonly copyMessage: CopyMessage | null;
}) {
  return (
    <>
      <div className="mt-4 min-h-6" aria-live="polite">
        {state.kind === 'running' ? <p className="text-sm">Taking snapshot…</p> : null}
        {state.kind === 'idle' ? (
          <p className="text-sm text-muted">No snapshot yet. Press Run to take one.</p>
        ) : null}
        {copyMessage?.ok ? (
          <p role="status" className="text-sm text-success">
            {copyMessage.text}
          </p>
        ) : null}
      </div>
      {copyMessage && !copyMessage.ok ? (
        <p role="alert" className="text-sm text-danger">
          {copyMessage.text}
        </p>
      ) : null}
      {state.kind === 'error' ? (
        <p role="alert" className="rounded-xl border border-danger/40 bg-white px-4 py-3 text-sm text-danger">
          {state.message}
        </p>
      ) : null}
    </>
  );
}
