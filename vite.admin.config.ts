import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The owner's order desk (/admin, docs/product/desk.md §10.10): a build of its own, after the shop's, into the same
 * dist/web/assets. A separate build rather than a second input of vite.config.ts: the shop's chunk groups
 * ('shell', react-dom) would otherwise take in desk modules, and shop pages must never load desk code.
 * It writes dist/web/admin.html (served by server/pages/web-routes.ts, never as a file) and no manifest, so the
 * shop's .vite/manifest.json (size budget, prerender) stays the shop's alone.
 */
export default defineConfig({
  root: 'web',
  publicDir: false,
  plugins: [react(), tailwindcss()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: false,
    target: 'es2022',
    assetsInlineLimit: 0,
    manifest: false,
    sourcemap: false,
    rolldownOptions: {
      input: path.resolve(import.meta.dirname, 'web/admin.html'),
    },
  },
});
