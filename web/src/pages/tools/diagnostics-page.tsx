/**
 * /diagnostics: a QR code of this page's own URL (open it on a phone in one scan) and a DOM/style
 * snapshot of the hero section, taken automatically TIMINGS_MS.diagnosticsDelay after the page opens.
 * The diagnostics page has no hero of its own, so the snapshot inspects a page of the shop (the home page
 * by default) loaded in a hidden same-origin frame at this device's viewport size.
 */
import { create as createQr } from 'qrcode';
import { type FormEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { TIMINGS_MS } from '../../../../domain/config';
import {
  HERO_NOT_FOUND,
  HeroNotFoundError,
  type HeroSnapshot,
  snapshotHero,
} from '../../features/diagnostics/hero-snapshot';
import { withPageInFrame } from '../../features/diagnostics/page-frame';
import { BUTTON_PRIMARY, BUTTON_SECONDARY, ToolLayout } from './tool-layout';

export const COPY_SUCCESS = 'Diagnostics copied to clipboard — paste into ticket or chat.';
export const COPY_FAILURE = 'Copy to clipboard failed — please use Download JSON instead.';

const QUIET_ZONE = 4;

function QrCode({ text }: { readonly text: string }) {
  const { size, path } = useMemo(() => {
    const qr = createQr(text, { errorCorrectionLevel: 'M' });
    const n = qr.modules.size;
    let d = '';
    for (let row = 0; row < n; row += 1) {
      for (let col = 0; col < n; col += 1) {
        if (qr.modules.get(row, col)) d += `M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`;
      }
    }
    return { size: n + QUIET_ZONE * 2, path: d };
  }, [text]);
  return (
    <svg
      role="img"
      aria-label={`QR code for ${text}`}
      viewBox={`0 0 ${size} ${size}`}
      width="192"
      height="192"
      shapeRendering="crispEdges"
      className="h-48 w-48 rounded-lg border border-line"
      data-testid="diagnostics-qr"
    >
      <rect width={size} height={size} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}

/** URLs of the inspected page's own origin without it: shorter, and what a developer greps for. */
function shortUrl(url: string, pageUrl: string): string {
  let origin = '';
  try {
    origin = new URL(pageUrl).origin;
  } catch {
    return url;
  }
  return url.startsWith(`${origin}/`) ? url.slice(origin.length) : url;
}

function fileStamp(iso: string): string {
  return iso.replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-');
}

type RunState =
  | { readonly kind: 'idle' }
  | { readonly kind: 'running' }
  | { readonly kind: 'done'; readonly snapshot: HeroSnapshot }
  | { readonly kind: 'error'; readonly message: string };

export function DiagnosticsPage() {
  const [ownUrl, setOwnUrl] = useState('');
  const [target, setTarget] = useState('/');
  const [state, setState] = useState<RunState>({ kind: 'idle' });
  const [copyMessage, setCopyMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const runId = useRef(0);
  const inputId = useId();

  const run = useCallback(async (path: string) => {
    const id = ++runId.current;
    setCopyMessage(null);
    setState({ kind: 'running' });
    try {
      const snapshot = await withPageInFrame(path, (doc, win) => snapshotHero(doc, win));
      if (id === runId.current) setState({ kind: 'done', snapshot });
    } catch (err) {
      if (id !== runId.current) return;
      const message =
        err instanceof HeroNotFoundError ? HERO_NOT_FOUND : `Snapshot failed: ${(err as Error).message}`;
      setState({ kind: 'error', message });
    }
  }, []);

  useEffect(() => {
    setOwnUrl(window.location.href);
    const onHash = () => setOwnUrl(window.location.href);
    window.addEventListener('hashchange', onHash);
    // Inside a frame (someone inspecting /diagnostics itself) the page must not start frames of its own.
    const timer =
      window.top === window ? window.setTimeout(() => void run('/'), TIMINGS_MS.diagnosticsDelay) : undefined;
    return () => {
      window.removeEventListener('hashchange', onHash);
      window.clearTimeout(timer);
      runId.current += 1;
    };
  }, [run]);

  const snapshot = state.kind === 'done' ? state.snapshot : null;
  const json = useMemo(() => (snapshot ? JSON.stringify(snapshot, null, 2) : ''), [snapshot]);

  const download = () => {
    if (!snapshot) return;
    const url = URL.createObjectURL(new Blob([json], { type: 'application/json' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `solas-diagnostics-${fileStamp(snapshot.capturedAt)}.json`;
    document.body.appendChild(a);
    a.click();
    a.remove();
    window.setTimeout(() => URL.revokeObjectURL(url), 1_000);
  };

  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('Clipboard unavailable');
      await navigator.clipboard.writeText(json);
      setCopyMessage({ ok: true, text: COPY_SUCCESS });
    } catch {
      setCopyMessage({ ok: false, text: COPY_FAILURE });
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void run(target.trim() || '/');
  };

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
      <section
        aria-labelledby="qr-title"
        className="flex flex-col items-start gap-4 rounded-2xl border border-line bg-white p-5 sm:flex-row sm:items-center"
      >
        <div className="flex h-48 w-48 shrink-0 items-center justify-center">
          {ownUrl ? <QrCode text={ownUrl} /> : <span className="text-sm text-muted">Preparing QR code…</span>}
        </div>
        <div className="min-w-0">
          <h2 id="qr-title" className="text-xl">
            Open on another device
          </h2>
          <p className="mt-2 text-sm text-muted">Scan with a phone camera to open this page there.</p>
          <p className="mt-2 break-all font-mono text-xs">{ownUrl}</p>
        </div>
      </section>

      <section aria-labelledby="snapshot-title" className="mt-8">
        <h2 id="snapshot-title" className="text-xl">
          Hero snapshot
        </h2>
        <form onSubmit={onSubmit} className="mt-4 flex flex-wrap items-end gap-3">
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
          <button type="submit" className={BUTTON_PRIMARY} disabled={state.kind === 'running'}>
            Run
          </button>
          <button type="button" className={BUTTON_SECONDARY} onClick={download} disabled={!snapshot}>
            Download JSON
          </button>
          <button type="button" className={BUTTON_SECONDARY} onClick={() => void copy()} disabled={!snapshot}>
            Copy JSON
          </button>
          <button
            type="button"
            className={BUTTON_SECONDARY}
            onClick={() => {
              runId.current += 1;
              setState({ kind: 'idle' });
              setCopyMessage(null);
            }}
            disabled={state.kind === 'idle'}
          >
            Clear
          </button>
        </form>
        <p id={`${inputId}-hint`} className="mt-2 text-xs text-muted">
          A path of this shop, e.g. / for the home page.
        </p>

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
          <p
            role="alert"
            className="rounded-xl border border-danger/40 bg-white px-4 py-3 text-sm text-danger"
          >
            {state.message}
          </p>
        ) : null}
        {snapshot ? <SnapshotSummary snapshot={snapshot} json={json} /> : null}
      </section>
    </ToolLayout>
  );
}

function SnapshotSummary({ snapshot, json }: { readonly snapshot: HeroSnapshot; readonly json: string }) {
  const { hero, viewport } = snapshot;
  const rows: [string, string][] = [
    ['Captured', new Date(snapshot.capturedAt).toLocaleString('en-IE')],
    ['Page', snapshot.page.url],
    ['Viewport', `${viewport.width} × ${viewport.height} @${viewport.devicePixelRatio}x`],
    ['Hero found by', hero.selector],
    ['Hero design', hero.variant ?? '(not marked)'],
    ['Hero size', `${Math.round(hero.rect.width)} × ${Math.round(hero.rect.height)} px`],
    ['Visible on load', `${Math.round(hero.visibleShare * 100)}%`],
    ['Elements', String(hero.elementCount)],
    ['Images', String(hero.images.length)],
  ];
  return (
    <div className="mt-4 space-y-4" data-testid="diagnostics-result">
      <dl className="grid grid-cols-[7.5rem_1fr] gap-x-4 gap-y-1 rounded-2xl border border-line bg-white p-5 text-sm sm:grid-cols-[10rem_1fr]">
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="font-semibold text-muted">{k}</dt>
            <dd className="break-all">{v}</dd>
          </div>
        ))}
      </dl>
      {hero.images.length > 0 ? (
        <div className="overflow-x-auto rounded-2xl border border-line bg-white">
          <table className="w-full text-left text-xs">
            <caption className="px-4 pt-3 text-left font-semibold">Hero images</caption>
            <thead>
              <tr className="border-b border-line">
                <th scope="col" className="px-4 py-2">
                  Source in use
                </th>
                <th scope="col" className="px-4 py-2">
                  Natural
                </th>
                <th scope="col" className="px-4 py-2">
                  Drawn
                </th>
                <th scope="col" className="px-4 py-2">
                  Loading
                </th>
              </tr>
            </thead>
            <tbody>
              {hero.images.map((img, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a snapshot never changes; two images may share a source.
                <tr key={`${img.currentSrc}-${i}`} className="border-b border-line last:border-0">
                  <td className="min-w-40 px-4 py-2 font-mono break-all">
                    {shortUrl(img.currentSrc || img.src, snapshot.page.url)}
                  </td>
                  <td className="px-4 py-2 whitespace-nowrap">
                    {img.naturalWidth} × {img.naturalHeight}
                  </td>
                  <td className="px-4 py-2 whitespace-nowrap">
                    {img.renderedWidth} × {img.renderedHeight}
                  </td>
                  <td className="px-4 py-2 whitespace-nowrap">
                    {img.loading ?? 'eager'}, {img.fetchPriority ?? 'auto'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <details className="rounded-2xl border border-line bg-white">
        <summary className="cursor-pointer px-5 py-3 text-sm font-semibold">Full snapshot (JSON)</summary>
        <pre className="max-h-[28rem] overflow-auto border-t border-line p-4 font-mono text-xs">{json}</pre>
      </details>
    </div>
  );
}
