/**
 * The test checkout page's script, bundled from TypeScript (test-checkout-assets/test-checkout.ts and the
 * domain rules it imports, so browser and server check the form with the same code) into one classic
 * script, once per process and only when the test checkout is in use. The page allows it with
 * `script-src 'self'` (an external file, no hash), so the bytes may change with every edit.
 */
import { fileURLToPath } from 'node:url';
import type esbuild from 'esbuild';
import { lazyModule } from '../lib/lazy-module';

const ENTRY = fileURLToPath(new URL('./test-checkout-assets/test-checkout.ts', import.meta.url));

let bundled: string | undefined;

export function testCheckoutScript(): string {
  bundled ??= bundle();
  return bundled;
}

/** The bundler, loaded when the test checkout's page is first asked for (lib/lazy-module.ts). */
const loadEsbuild = lazyModule<typeof esbuild>('esbuild');

function bundle(): string {
  const result = loadEsbuild().buildSync({
    entryPoints: [ENTRY],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    // The same language level as the shop's own build (vite.config.ts).
    target: 'es2022',
    charset: 'utf8',
    legalComments: 'none',
    minify: true,
    logLevel: 'silent',
  });
  const file = result.outputFiles[0];
  if (!file) throw new Error('test checkout script: esbuild produced no output');
  return file.text;
}
