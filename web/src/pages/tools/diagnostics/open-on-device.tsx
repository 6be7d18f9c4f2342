import { QrCode } from './qr-code';

/** The QR code of this page's URL, to open it on a phone in one scan, with the URL written out. */
export function OpenOnDevice({ ownUrl }: { readonly ownUrl: string }) {
  return (
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
  );
}
