// Prerenders every route (path form) at build time from the same App the browser runs.
// Output: dist/web/pages/<path>.html (+ .br/.gz by compress-assets), and dist/web/index.html = home.
// Each page gets the boot script of web/src/boot/page-scripts.ts in place of the entry module
// (docs/decisions/0007-boot-and-hydration.md), read from the SSR build: compiled by tsx, which keeps
// function names, its text would call a helper the page does not have.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { BRAND } from '../domain/config';
import { escapeHtml } from '../domain/html';
import { PUBLIC_URL_TOKEN } from '../server/html-pages';
import type * as EntryServer from '../web/src/entry-server';
import { readManifest } from './build-manifest';

const WEB = path.resolve(process.argv[2] ?? 'dist/web');
const SSR = path.resolve(process.argv[3] ?? 'dist/ssr/entry-server.js');

const ssr: typeof EntryServer = await import(pathToFileURL(SSR).href);
const built = readFileSync(path.join(WEB, 'index.html'), 'utf8');
const EMPTY_ROOT = `<div id="${ssr.ROOT_ID}"></div>`;
if (!built.includes(EMPTY_ROOT) || !built.includes('<!--head:start-->')) {
  throw new Error(`prerender: index.html lacks the ${EMPTY_ROOT} or <!--head:start--> markers`);
}

/** The client build's entry, its static imports and React DOM's chunk, from the built index.html. */
const graph = readManifest(WEB);
const BOOT_MARKER = '<!--boot-->';

/**
 * The page template: index.html without its module script and preload links (the boot script loads them
 * after the first paint) and with the stylesheet inlined, so the page paints from the HTML alone, without
 * a second round trip.
 */
function paintFirstTemplate(html: string): { template: string; assets: EntryServer.BootAssets } {
  const runtimeEnv = '<script defer src="/runtime-env.js"></script>';
  if (!html.includes(runtimeEnv)) throw new Error('prerender: index.html lacks the runtime-env.js script');
  const stylesheet = /<link rel="stylesheet" crossorigin href="(\/assets\/[\w.-]+\.css)">/g;
  const sheets = [...html.matchAll(stylesheet)];
  const sheet = sheets[0]?.[1];
  if (sheets.length !== 1 || !sheet) throw new Error('prerender: expected one stylesheet');
  const css = readFileSync(path.join(WEB, sheet), 'utf8');
  if (/<\/style/i.test(css)) throw new Error('prerender: the stylesheet contains </style');
  const entryScript = /<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>/g;
  const entries = [...html.matchAll(entryScript)];
  const entry = entries[0]?.[1];
  if (entries.length !== 1 || !entry) throw new Error('prerender: expected one entry module script');
  if (`/${graph.manifest[graph.entryKey]?.file}` !== entry) {
    throw new Error('prerender: the manifest entry is not the page entry');
  }
  const preload = /<link rel="modulepreload" crossorigin href="(\/assets\/[\w.-]+\.js)">/g;
  const entryImports = [...html.matchAll(preload)].map((m) => m[1] ?? '');
  const reactDom = `/${graph.namedChunkFile(ssr.REACT_DOM_CHUNK)}`;
  if (!entryImports.includes(reactDom)) {
    throw new Error(
      'prerender: the entry does not import the react-dom chunk (vite.config.ts codeSplitting)',
    );
  }
  const template = html
    .replace(runtimeEnv, '')
    .replace(preload, '')
    // The link names the inlined file so Vite's preload helper, which adds a page chunk's stylesheets
    // unless a <link rel="stylesheet"> to them is in the document, knows it is loaded; `disabled`, so the
    // browser neither fetches nor applies it. Without it the first lazily loaded chunk linked the same
    // file, and the browser parsed and applied the whole stylesheet a second time: a full-page style
    // recalculation of 45-60 ms on a slowed phone while the product page was starting (bench:web's Total
    // Blocking Time, seen with scripts/bench/trace-load.ts).
    .replace(stylesheet, () => `<link rel="stylesheet" href="${sheet}" disabled /><style>${css}</style>`)
    .replace(entryScript, () => BOOT_MARKER);
  return { template, assets: { entry, entryImports, reactDom } };
}
const { template, assets } = paintFirstTemplate(built);

/** The files a route's page chunk needs beyond the entry and its imports, from the build manifest. */
const shellFiles = graph.closure(graph.entryKey);
const pageImportsFor = (match: EntryServer.RouteMatch): string[] =>
  [...graph.closure(ssr.pageModuleId(match))].filter((f) => !shellFiles.has(f)).map((f) => `/${f}`);

const esc = escapeHtml;

function headFor(meta: ReturnType<typeof ssr.pageMeta>, lcp: ReturnType<typeof ssr.lcpImage>): string {
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
    `<meta property="og:locale" content="${BRAND.locale}" />`,
    `<meta property="og:site_name" content="${esc(BRAND.name)}" />`,
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
const written: string[] = [];
for (const p of ssr.prerenderPaths()) {
  const resolution = ssr.resolvePath(p);
  if (resolution.kind !== 'route') continue;
  const body = await ssr.renderPath(p);
  const meta = ssr.pageMeta(resolution.match, PUBLIC_URL_TOKEN);
  const lcp = ssr.lcpImage(resolution.match);
  const html = template
    .replace(
      BOOT_MARKER,
      () => `<script>${ssr.bootScript(assets, pageImportsFor(resolution.match))}</script>`,
    )
    .replace(/<!--head:start-->[\s\S]*<!--head:end-->/, () => headFor(meta, lcp))
    .replace(
      EMPTY_ROOT,
      () => `<div id="${ssr.ROOT_ID}" ${ssr.PRERENDERED_ATTRIBUTE}="${esc(p)}">${body}</div>`,
    );
  const file = p === '/' ? 'index.html' : `pages${p}.html`;
  mkdirSync(path.dirname(path.join(WEB, file)), { recursive: true });
  writeFileSync(path.join(WEB, file), html);
  written.push(file);
}
console.log(`prerender: ${written.length} pages in ${Date.now() - started} ms`);
