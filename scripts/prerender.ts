// The build's check of the pages the server renders at run time (server/pages/page-renderer.ts): loads
// the SSR build into the client build's page template and renders every page from the seed catalogue,
// as the server does at start, so a broken template, manifest or page fails `npm run build`, not the
// first start. Writes nothing: the server renders the pages it serves.
import path from 'node:path';
import { seedSnapshot } from '../domain/catalogue/seed';
import { loadPageRenderer } from '../server/pages/page-renderer';
import { catalogueResource } from '../server/pages/page-set';

const WEB = path.resolve(process.argv[2] ?? 'dist/web');
const SSR = path.resolve(process.argv[3] ?? 'dist/ssr/entry-server.js');

const renderer = await loadPageRenderer(WEB, SSR);
if (!renderer.live) throw new Error(`prerender: no SSR build at ${SSR}`);
const snapshot = seedSnapshot();
const started = performance.now();
const { url } = await catalogueResource(snapshot);
const pages = await renderer.render(snapshot, url);
if (!pages?.has('/') || !pages.has('/404')) throw new Error('prerender: the home or 404 page is missing');
for (const p of snapshot.products) {
  const html = pages.get(`/product/${p.id}`);
  if (!html?.includes(url)) throw new Error(`prerender: /product/${p.id} does not name ${url}`);
}
console.log(`prerender: ${pages.size} pages rendered in ${Math.round(performance.now() - started)} ms`);
