import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The SPA lives in web/; its build goes to dist/web, which the Fastify server serves.
export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    // .vite/manifest.json: the size budget check (scripts/check-size.mjs) reads the chunk graph from it.
    manifest: true,
    // Source maps stay out of the public build: they would ship our source to every visitor.
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // React and React DOM in a chunk of their own, evaluated one task before the app
              // (see web/src/react-dom-client.ts and the boot script of scripts/prerender.mjs).
              name: 'react-dom',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]|web[\\/]src[\\/]react-dom-client\.ts$/,
            },
            {
              // Everything the entry needs from the app in one file, not one per module that a page chunk
              // shares with it: every file requested while the page starts costs main-thread time.
              name: 'shell',
              tags: ['$initial'],
              test: /[\\/](web[\\/]src|domain)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/test-checkout': 'http://127.0.0.1:8080',
      '/runtime-env.js': 'http://127.0.0.1:8080',
    },
  },
});
