/**
 * The feature-flag panel (?flags=1): every flag with its resolved value and where the value comes from,
 * a switch per flag (saved in this browser, applied at once) and 'Reset all' after confirmation.
 */
import { useEffect, useState } from 'react';
import type { FlagName } from '../../../../domain/config';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { DebugPanelFrame } from '../debug-panel-frame';
import {
  FLAGS_CHANGED_EVENT,
  type FlagSource,
  type FlagState,
  getFlagStates,
  resetFlags,
  setFlag,
} from './flags';

const FLAG_DESCRIPTIONS: Readonly<Record<FlagName, string>> = {
  content_purge: 'Hides sample content. Reviews, ratings and quotes come from real buyers and stay.',
  mobile_nav: 'Uses the alternative mobile menu.',
  hero_v2: 'Shows the alternative hero design.',
  hero_v3: 'Shows the current hero design.',
};

export function sourceLabel(name: FlagName, source: FlagSource): string {
  switch (source) {
    case 'local':
      return `this browser (${name})`;
    case 'local-prefixed':
      return `this browser (flag_${name})`;
    case 'environment':
      return 'server environment';
    case 'default':
      return 'default';
  }
}

function useFlagStates(): readonly FlagState[] {
  const [states, setStates] = useState<readonly FlagState[]>(() => getFlagStates());
  useEffect(() => {
    const update = () => setStates(getFlagStates());
    window.addEventListener(FLAGS_CHANGED_EVENT, update);
    window.addEventListener('storage', update);
    update();
    return () => {
      window.removeEventListener(FLAGS_CHANGED_EVENT, update);
      window.removeEventListener('storage', update);
    };
  }, []);
  return states;
}

export function FlagPanel({ onClose }: { readonly onClose: () => void }) {
  const states = useFlagStates();
  const [confirming, setConfirming] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  return (
    <DebugPanelFrame title="Feature flags" onClose={onClose}>
      <ul className="divide-y divide-line">
        {states.map((flag) => {
          const labelId = `flag-${flag.name}-label`;
          const descId = `flag-${flag.name}-desc`;
          return (
            <li key={flag.name} className="flex items-start gap-3 px-4 py-3">
              <div className="min-w-0 flex-1">
                <p id={labelId} className="font-mono text-sm font-semibold">
                  {flag.name}
                </p>
                <p id={descId} className="text-xs text-muted">
                  {FLAG_DESCRIPTIONS[flag.name]}{' '}
                  <span className="whitespace-nowrap">Source: {sourceLabel(flag.name, flag.source)}.</span>
                </p>
              </div>
              <button
                type="button"
                role="switch"
                aria-checked={flag.value}
                aria-labelledby={labelId}
                aria-describedby={descId}
                data-flag={flag.name}
                onClick={() => {
                  setFlag(flag.name, !flag.value);
                  setAnnouncement(`${flag.name} turned ${flag.value ? 'off' : 'on'}`);
                }}
                className={`inline-flex min-h-11 min-w-20 shrink-0 items-center justify-center gap-2 rounded-full border px-3 text-sm font-medium ${
                  flag.value
                    ? 'border-wine bg-wine text-cream hover:bg-wine-dark'
                    : 'border-line bg-cream text-ink hover:bg-sand'
                }`}
              >
                <span
                  aria-hidden="true"
                  className={`h-2.5 w-2.5 rounded-full ${flag.value ? 'bg-cream' : 'border border-muted bg-transparent'}`}
                />
                {flag.value ? 'On' : 'Off'}
              </button>
            </li>
          );
        })}
      </ul>
      <div className="flex items-center justify-between gap-3 border-t border-line px-4 py-3">
        <p className="text-xs text-muted">Changes apply at once and stay in this browser.</p>
        <button
          type="button"
          onClick={() => setConfirming(true)}
          className="inline-flex min-h-11 shrink-0 items-center rounded-full border border-line px-4 text-sm font-medium hover:bg-sand"
        >
          Reset all
        </button>
      </div>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Reset all feature flags?"
        description="Every flag set in this browser is removed; flags then follow the server environment or their defaults."
        confirmLabel="Reset flags"
        onConfirm={() => {
          resetFlags();
          setAnnouncement('All flags reset');
        }}
      />
    </DebugPanelFrame>
  );
}
