/** Turning images into data URLs and naming the download; no React, no state. */

const EXTENSIONS: Readonly<Record<string, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/avif': 'avif',
};

export function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('Unreadable file'));
    reader.onerror = () => reject(reader.error ?? new Error('Unreadable file'));
    reader.readAsDataURL(blob);
  });
}

/** Bytes -> data URL without FileReader, so it works on any Response (and in every test realm). */
export async function responseToDataUrl(response: Response): Promise<string> {
  const type = (response.headers.get('content-type') ?? 'application/octet-stream').split(';')[0]?.trim();
  const bytes = new Uint8Array(await response.arrayBuffer());
  let binary = '';
  const CHUNK = 0x8000;
  for (let i = 0; i < bytes.length; i += CHUNK)
    binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  return `data:${type};base64,${btoa(binary)}`;
}

function mimeOf(dataUrl: string): string {
  return /^data:([^;,]+)/.exec(dataUrl)?.[1] ?? 'image/png';
}

/** e.g. solas-hero-edited.png: the hero chosen and the edited image's own type. */
export function editedFileName(heroId: string, dataUrl: string): string {
  return `solas-${heroId}-edited.${EXTENSIONS[mimeOf(dataUrl)] ?? 'img'}`;
}
