// The client build's chunk graph (dist/web/.vite/manifest.json), read by the size check and the page
// renderer: which files an entry or a page module needs, counting its static imports.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const chunkSchema = z.object({
  file: z.string(),
  name: z.string().optional(),
  src: z.string().optional(),
  isEntry: z.boolean().optional(),
  imports: z.array(z.string()).optional(),
});
const manifestSchema = z.record(z.string(), chunkSchema);

export type BuildManifest = z.infer<typeof manifestSchema>;

export interface ChunkGraph {
  readonly manifest: BuildManifest;
  /** The key of the app's entry (index.html). */
  readonly entryKey: string;
  /** Files of a chunk and, recursively, its static imports (added to `seen`, which is returned). */
  closure(key: string, seen?: Set<string>): Set<string>;
  /** The file (under the web root) of the shared chunk vite.config.ts names `name`. */
  namedChunkFile(name: string): string;
}

export function readManifest(webDir: string): ChunkGraph {
  const manifest = manifestSchema.parse(
    JSON.parse(readFileSync(path.join(webDir, '.vite/manifest.json'), 'utf8')),
  );
  const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!entryKey) throw new Error(`${webDir}: the build manifest has no entry`);
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${webDir}: the build manifest has no ${key}`);
    if (seen.has(chunk.file)) return seen;
    seen.add(chunk.file);
    for (const imported of chunk.imports ?? []) closure(imported, seen);
    return seen;
  };
  const namedChunkFile = (name: string): string => {
    const chunks = Object.values(manifest).filter((c) => c.name === name && !c.src);
    const [chunk] = chunks;
    if (!chunk || chunks.length > 1) throw new Error(`${webDir}: expected one chunk named ${name}`);
    return chunk.file;
  };
  return { manifest, entryKey, closure, namedChunkFile };
}
