/**
 * A small client build for the run-time renderer's tests (server/pages/page-renderer.ts): the page
 * template with its head markers, entry module, React DOM preload and one stylesheet, and a manifest with
 * one chunk per page module. With the SSR entry loaded from source, the real App renders into it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROUTE_IDS } from '../../domain/routes';
import { pageModuleId } from '../../web/src/app/page-registry';

const TEMPLATE = `<!doctype html>
<html lang="en-IE">
  <head>
    <!--head:start-->
    <title>Solas</title>
    <!--head:end-->
    <script defer src="/runtime-env.js"></script>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-dom-1.js">
    <link rel="stylesheet" crossorigin href="/assets/shell-1.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

/** A client build's manifest: the entry, React DOM's chunk and one chunk per page module. */
function manifest(): Record<string, unknown> {
  const pages = Object.fromEntries(
    ROUTE_IDS.map((id) => [pageModuleId(id), { file: `assets/${id}-page.js`, src: pageModuleId(id) }]),
  );
  return {
    'index.html': { file: 'assets/index-1.js', src: 'index.html', isEntry: true, imports: ['_react-dom.js'] },
    '_react-dom.js': { file: 'assets/react-dom-1.js', name: 'react-dom' },
    ...pages,
  };
}

/** Writes the build into `dist` (created) and returns it. */
export function writeFakeWebBuild(dist: string): string {
  mkdirSync(path.join(dist, '.vite'), { recursive: true });
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), TEMPLATE);
  writeFileSync(path.join(dist, 'assets', 'shell-1.css'), 'body{color:#222}');
  writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest()));
  return dist;
}
