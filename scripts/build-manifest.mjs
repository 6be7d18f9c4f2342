// The client build's chunk graph (dist/web/.vite/manifest.json), read by the size check and the
// prerenderer: which files an entry or a page module needs, counting its static imports.
import { readFileSync } from 'node:fs';
import path from 'node:path';

export function readManifest(webDir) {
  const manifest = JSON.parse(readFileSync(path.join(webDir, '.vite/manifest.json'), 'utf8'));
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entryKey) throw new Error(`${webDir}: the build manifest has no entry`);
  /** Files of a chunk and, recursively, its static imports (added to `seen`, which is returned). */
  const closure = (key, seen = new Set()) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${webDir}: the build manifest has no ${key}`);
    if (seen.has(chunk.file)) return seen;
    seen.add(chunk.file);
    for (const imported of chunk.imports ?? []) closure(imported, seen);
    return seen;
  };
  return { manifest, entryKey, closure };
}
