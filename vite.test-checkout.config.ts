import path from 'node:path';
import { defineConfig } from 'vite';
import { TEST_CHECKOUT_SCRIPT, TEST_CHECKOUT_SCRIPT_SOURCE } from './server/payments/test-checkout-script';

/**
 * The built-in test checkout's page script (server/payments/test-checkout-script.ts): built with the rest
 * of the front end, after the shop's build (which empties dist/web), as one classic script with no import
 * left, into dist/web at the path the page loads it from. Nothing is bundled while the server runs.
 */
export default defineConfig({
  publicDir: false,
  logLevel: 'warn',
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist/web', path.dirname(TEST_CHECKOUT_SCRIPT.slice(1))),
    emptyOutDir: false,
    // The same language level as the shop's own build (vite.config.ts).
    target: 'es2022',
    sourcemap: false,
    copyPublicDir: false,
    lib: {
      entry: path.resolve(import.meta.dirname, TEST_CHECKOUT_SCRIPT_SOURCE),
      formats: ['iife'],
      name: 'solasTestCheckout',
      fileName: () => path.basename(TEST_CHECKOUT_SCRIPT),
    },
  },
});
