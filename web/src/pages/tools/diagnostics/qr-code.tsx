import { create as createQr } from 'qrcode';
import { useMemo } from 'react';

const QUIET_ZONE = 4;

/** A QR code of `text` as one SVG path: crisp at any size, and no canvas or image to load. */
export function QrCode({ text }: { readonly text: string }) {
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
