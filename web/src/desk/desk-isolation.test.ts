/**
 * The desk and the shop stay apart (docs/product/desk.md §10.10): no shop module imports the desk (its code
 * would land in a shop bundle), and the desk imports only `domain`, the shared UI components and the
 * stylesheet, never a shop feature.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const WEB_SRC = path.resolve(import.meta.dirname, '..');
const DESK = path.join(WEB_SRC, 'desk');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  // Relative specifiers only: packages (react, zod, qrcode) are not the shop's or the desk's modules.
  return [...text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"](\.[^'"]*)['"]/g)].map((m) =>
    path.resolve(path.dirname(file), m[1] ?? ''),
  );
}

describe('desk isolation', () => {
  it('no shop module imports the desk', () => {
    const offenders = sources(WEB_SRC)
      .filter((f) => !f.startsWith(DESK + path.sep))
      .filter((f) => importsOf(f).some((target) => target.startsWith(DESK)));
    expect(offenders).toEqual([]);
  });

  it('the desk imports domain, the shared UI components and the stylesheet only, besides its own files', () => {
    const allowed = [DESK, path.join(WEB_SRC, 'components', 'ui'), path.join(WEB_SRC, 'styles.css')];
    const domain = path.resolve(WEB_SRC, '..', '..', 'domain');
    const offenders = sources(DESK).flatMap((f) =>
      importsOf(f)
        .filter((t) => t.startsWith(WEB_SRC) || t.startsWith(path.resolve(WEB_SRC, '..', '..')))
        .filter((t) => !t.startsWith(domain) && !allowed.some((a) => t.startsWith(a)))
        .map((t) => `${path.relative(WEB_SRC, f)} -> ${t}`),
    );
    expect(offenders).toEqual([]);
  });
});
