/**
 * The features, read from the folders: every folder under server/ is a feature but the platform floor's
 * (docs/architecture.md). The lint (biome.json) and the tests that hold features apart take the list
 * from here, so a new feature is covered by adding its folder, nothing else.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';

/** The platform floor: code every feature uses, which imports no feature. */
export const PLATFORM_FOLDERS = ['audit', 'db', 'lib', 'mail', 'ops', 'security'] as const;

/** The feature folders under `root`/server, sorted. */
export function serverFeatures(root: string): string[] {
  const platform = new Set<string>(PLATFORM_FOLDERS);
  return readdirSync(path.join(root, 'server'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !platform.has(entry.name))
    .map((entry) => entry.name)
    .sort();
}
