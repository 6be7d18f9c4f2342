import { useId, useState } from 'react';
import { BUTTON_PRIMARY, BUTTON_SECONDARY } from '../tool-layout';

/** The page to inspect, and the buttons that run, export and clear the snapshot. */
export function SnapshotForm({
  running,
  hasSnapshot,
  canClear,
  onRun,
  onDownload,
  onCopy,
  onClear,
}: {
  readonly running: boolean;
  readonly hasSnapshot: boolean;
  readonly canClear: boolean;
  readonly onRun: (path: string) => void;
  readonly onDownload: () => void;
  readonly onCopy: () => void;
  readonly onClear: () => void;
}) {
  const [target, setTarget] = useState('/');
  const inputId = useId();
  return (
    <>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onRun(target.trim() || '/');
        }}
        className="mt-4 flex flex-wrap items-end gap-3"
      >
        <div className="flex flex-col gap-1">
          <label htmlFor={inputId} className="text-sm font-medium">
            Page to inspect
          </label>
          <input
            id={inputId}
            value={target}
            onChange={(e) => setTarget(e.target.value)}
            className="min-h-11 w-48 rounded-lg border border-line bg-white px-3 font-mono text-sm"
            spellCheck={false}
            autoCapitalize="off"
            aria-describedby={`${inputId}-hint`}
          />
        </div>
        <button type="submit" className={BUTTON_PRIMARY} disabled={running}>
          Run
        </button>
        <button type="button" className={BUTTON_SECONDARY} onClick={onDownload} disabled={!hasSnapshot}>
          Download JSON
        </button>
        <button type="button" className={BUTTON_SECONDARY} onClick={onCopy} disabled={!hasSnapshot}>
          Copy JSON
        </button>
        <button type="button" className={BUTTON_SECONDARY} onClick={onClear} disabled={!canClear}>
          Clear
        </button>
      </form>
      <p id={`${inputId}-hint`} className="mt-2 text-xs text-muted">
        A path of this shop, e.g. / for the home page.
      </p>
    </>
  );
}
