import type { HeroSnapshot } from '../../../features/diagnostics/hero-snapshot';

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

/** The snapshot at a glance (sizes, images in use) with the full JSON folded away below. */
export function SnapshotSummary({
  snapshot,
  json,
}: {
  readonly snapshot: HeroSnapshot;
  readonly json: string;
}) {
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
