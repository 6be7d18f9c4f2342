import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { REACT_DOM_CHUNK } from './web/src/boot/page-scripts';
import { bootHeadScript } from './web/src/boot/vite-plugin';

// The SPA lives in web/; its build goes to dist/web, which the Fastify server serves.
export default defineConfig(({ isSsrBuild }) => ({
  root: 'web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), bootHeadScript()],
  define: {
    // The year the pages were prerendered in: the footer hydrates with it, then shows the current year
    // (web/src/app/layout/footer.tsx), so a page built in December still hydrates cleanly in January.
    __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()),
    // The server renders pages at run time with the SSR build (server/pages/page-renderer.ts). React goes
    // into that build as its production variant, whatever NODE_ENV the server runs with (a plain `npm
    // start` sets none): the same HTML, rendered about a third faster, without development checks.
    ...(isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {}),
  },
  ...(isSsrBuild ? { ssr: { noExternal: true } } : {}),
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    // .vite/manifest.json: the size budget check and the prerenderer read the chunk graph from it
    // (scripts/build-manifest.ts).
    manifest: true,
    // Source maps stay out of the public build: they would ship our source to every visitor.
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // React and React DOM in a chunk of their own, evaluated one task before the app
              // (see web/src/boot/react-dom-client.ts and the boot script of web/src/boot/page-scripts.ts).
              name: REACT_DOM_CHUNK,
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]|web[\\/]src[\\/]boot[\\/]react-dom-client\.ts$/,
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
      '/catalogue': 'http://127.0.0.1:8080',
    },
  },
}));
