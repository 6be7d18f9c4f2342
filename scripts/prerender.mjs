// Prerenders every route (path form) at build time from the same App the browser runs.
// Output: dist/web/pages/<path>.html (+ .br/.gz by compress-assets), and dist/web/index.html = home.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const WEB = path.resolve(process.argv[2] ?? 'dist/web');
const SSR = path.resolve(process.argv[3] ?? 'dist/ssr/entry-server.js');
/** Replaced per request by the server with PUBLIC_URL (known only at run time). */
const PUBLIC_URL_TOKEN = '__PUBLIC_URL__';

const ssr = await import(pathToFileURL(SSR).href);
const built = readFileSync(path.join(WEB, 'index.html'), 'utf8');
if (!built.includes('<div id="root"></div>') || !built.includes('<!--head:start-->')) {
  throw new Error('prerender: index.html lacks the <div id="root"></div> or <!--head:start--> markers');
}

/**
 * A prerendered page paints without JavaScript, so the app's modules are fetched at low priority: the
 * stylesheet and the preloaded LCP image (fetchpriority high) get the connection first on a slow network.
 * Lighthouse's simulation counted the high-priority module scripts as render-blocking (mobile FCP 1.9 s
 * with, 0.85 s without).
 */
function lowPriorityModules(html) {
  const script = /<script type="module" crossorigin src=/g;
  const preload = /<link rel="modulepreload" crossorigin href=/g;
  if ((html.match(script) ?? []).length !== 1) throw new Error('prerender: expected one entry module script');
  return html
    .replace(script, '<script type="module" fetchpriority="low" crossorigin src=')
    .replace(preload, '<link rel="modulepreload" fetchpriority="low" crossorigin href=');
}
const template = lowPriorityModules(built);

const esc = (s) =>
  String(s).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function headFor(meta, lcp) {
  const canonical = `${PUBLIC_URL_TOKEN}${meta.canonicalPath}`;
  const image = `${PUBLIC_URL_TOKEN}${meta.image}`;
  const tags = [
    `<title>${esc(meta.title)}</title>`,
    `<meta name="description" content="${esc(meta.description)}" />`,
    `<meta name="keywords" content="${esc(meta.keywords)}" />`,
    `<meta name="robots" content="${meta.noindex ? 'noindex, nofollow' : 'index, follow'}" />`,
    `<link rel="canonical" href="${esc(canonical)}" />`,
    `<meta property="og:title" content="${esc(meta.title)}" />`,
    `<meta property="og:description" content="${esc(meta.description)}" />`,
    `<meta property="og:type" content="${meta.ogType}" />`,
    `<meta property="og:url" content="${esc(canonical)}" />`,
    `<meta property="og:image" content="${esc(image)}" />`,
    `<meta property="og:image:alt" content="${esc(meta.imageAlt)}" />`,
    `<meta property="og:locale" content="en_IE" />`,
    `<meta property="og:site_name" content="Solas" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${esc(meta.title)}" />`,
    `<meta name="twitter:description" content="${esc(meta.description)}" />`,
    `<meta name="twitter:image" content="${esc(image)}" />`,
  ];
  if (lcp) {
    tags.push(
      `<link rel="preload" as="image" type="image/avif" fetchpriority="high" imagesrcset="${esc(lcp.srcset)}" imagesizes="${esc(lcp.sizes)}" />`,
    );
  }
  if (meta.jsonLd) {
    // JSON inside <script>: escape '<' so no "</script>" can end it early.
    const json = JSON.stringify(meta.jsonLd).replace(/</g, '\\u003c');
    tags.push(`<script type="application/ld+json" id="product-jsonld">${json}</script>`);
  }
  return tags.join('\n    ');
}

const started = Date.now();
const written = [];
for (const p of ssr.prerenderPaths()) {
  const resolution = ssr.resolvePath(p);
  if (resolution.kind !== 'route') continue;
  const body = await ssr.renderPath(p);
  const meta = ssr.pageMeta(resolution.match, PUBLIC_URL_TOKEN);
  const lcp = ssr.lcpImage(resolution.match);
  const html = template
    .replace(/<!--head:start-->[\s\S]*<!--head:end-->/, headFor(meta, lcp))
    .replace('<div id="root"></div>', `<div id="root" data-prerendered="${esc(p)}">${body}</div>`);
  const file = p === '/' ? 'index.html' : `pages${p}.html`;
  mkdirSync(path.dirname(path.join(WEB, file)), { recursive: true });
  writeFileSync(path.join(WEB, file), html);
  written.push(file);
}
console.log(`prerender: ${written.length} pages in ${Date.now() - started} ms`);
