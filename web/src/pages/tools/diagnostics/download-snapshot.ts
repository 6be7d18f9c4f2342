import type { HeroSnapshot } from '../../../features/diagnostics/hero-snapshot';

function fileStamp(iso: string): string {
  return iso.replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-');
}

/** Saves the snapshot's JSON as solas-diagnostics-YYYYMMDD-HHMMSS.json (the time it was captured). */
export function downloadSnapshot(snapshot: HeroSnapshot, json: string): void {
  const url = URL.createObjectURL(new Blob([json], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `solas-diagnostics-${fileStamp(snapshot.capturedAt)}.json`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
