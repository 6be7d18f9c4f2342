/**
 * /diagnostics: a QR code of this page's own URL (open it on a phone in one scan) and a DOM/style
 * snapshot of the hero section, taken automatically TIMINGS_MS.diagnosticsDelay after the page opens.
 * The diagnostics page has no hero of its own, so the snapshot inspects a page of the shop (the home page
 * by default) loaded in a hidden same-origin frame at this device's viewport size.
 * The parts and hooks live in ./diagnostics/.
 */
import { downloadSnapshot } from './diagnostics/download-snapshot';
import { OpenOnDevice } from './diagnostics/open-on-device';
import { SnapshotForm } from './diagnostics/snapshot-form';
import { SnapshotStatus } from './diagnostics/snapshot-status';
import { SnapshotSummary } from './diagnostics/snapshot-summary';
import { useClipboardCopy } from './diagnostics/use-clipboard-copy';
import { useHeroSnapshot } from './diagnostics/use-hero-snapshot';
import { useOwnUrl } from './diagnostics/use-own-url';
import { ToolLayout } from './tool-layout';

export function DiagnosticsPage() {
  const ownUrl = useOwnUrl();
  const clipboard = useClipboardCopy();
  const { state, snapshot, json, run, clear } = useHeroSnapshot(clipboard.reset);

  return (
    <ToolLayout
      title="Diagnostics"
      intro={
        <p>
          Helps support see what you see. Scan the code to open this page on a phone; the snapshot describes
          the hero section as your screen shows it. Nothing is sent anywhere: copy or download the result and
          paste it into a ticket.
        </p>
      }
    >
      <OpenOnDevice ownUrl={ownUrl} />

      <section aria-labelledby="snapshot-title" className="mt-8">
        <h2 id="snapshot-title" className="text-xl">
          Hero snapshot
        </h2>
        <SnapshotForm
          running={state.kind === 'running'}
          hasSnapshot={snapshot !== null}
          canClear={state.kind !== 'idle'}
          onRun={(path) => void run(path)}
          onDownload={() => {
            if (snapshot) downloadSnapshot(snapshot, json);
          }}
          onCopy={() => void clipboard.copy(json)}
          onClear={clear}
        />
        <SnapshotStatus state={state} copyMessage={clipboard.message} />
        {snapshot ? <SnapshotSummary snapshot={snapshot} json={json} /> : null}
      </section>
    </ToolLayout>
  );
}
