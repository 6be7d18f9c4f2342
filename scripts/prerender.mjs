// Prerenders every route (path form) at build time from the same App the browser runs.
// Output: dist/web/pages/<path>.html (+ .br/.gz by compress-assets), and dist/web/index.html = home.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { readManifest } from './build-manifest.mjs';

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
 * Paint first, then boot. A prerendered page is complete without JavaScript, so nothing of the app may
 * compete with its first paint for the network or the main thread. This inline script (run in the page,
 * serialized with toString) starts the app only once the page shows its content: after the first
 * contentful paint, after the page's priority image (its LCP element) has loaded, and two frames later
 * so that frame has reached the screen. Then it preloads the entry's static imports, loads the server's
 * flag values (/runtime-env.js) and the entry, in that order (async=false).
 *
 * Why: with the modules requested from the head (modulepreload), Lighthouse's simulation counted their
 * download as part of the LCP (mobile LCP 1.9-2.5 s; about 1.2 s without), and when they arrived before the
 * stylesheet they even ran before the first paint. The cost is that the app starts a little later; until
 * it has hydrated, clicks on buttons and form submissions are held and replayed afterwards
 * (window.__solasHydrated, called by the app), and links are plain links, so nothing a shopper does is lost.
 * The timer starts the app anyway in a tab that never paints (opened in the background) or a browser
 * without paint timing. A hash link to another page (/#/cart on the home page's HTML), a hidden tab and
 * a frame start at once.
 */
function bootSnippet(entry, deps, vendor, pageDeps) {
  const held = [];
  const hold = (event) => {
    const target = event.target;
    if (!(target instanceof Element)) return;
    const control =
      event.type === 'submit' ? target : target.closest('button, [role="button"], input[type="submit"]');
    if (!control) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held.push(control);
  };
  document.addEventListener('click', hold, true);
  document.addEventListener('submit', hold, true);
  window.__solasHydrated = () => {
    document.removeEventListener('click', hold, true);
    document.removeEventListener('submit', hold, true);
    for (const el of held.splice(0)) {
      if (!el.isConnected) continue;
      if (el instanceof HTMLFormElement) el.requestSubmit();
      else el.click();
    }
  };
  let started = false;
  const el = (tag, attrs) => Object.assign(document.createElement(tag), attrs);
  const add = (...elements) => document.head.append(...elements);
  const start = () => {
    if (started) return;
    started = true;
    add(el('script', { src: '/runtime-env.js', async: false }));
    // Every request costs the main thread a little on a slow phone (a millisecond or more per file), so
    // the preload links go in two per task: the entry's imports first, then the page's chunk and its
    // imports, which hydration then finds requested already instead of asking for all at once.
    const links = deps
      .concat(pageDeps)
      .map((href) => el('link', { rel: 'modulepreload', href, crossOrigin: '' }));
    const addSome = () => {
      add(...links.splice(0, 2));
      if (links.length > 0) setTimeout(addSome, 0);
    };
    addSome();
    // React DOM is evaluated in a task of its own, the app's entry (which imports it) in the next one: two
    // shorter tasks instead of one long one.
    const addEntry = () => add(el('script', { type: 'module', src: entry, crossOrigin: '', async: false }));
    import(vendor).then(() => setTimeout(addEntry, 0), addEntry);
  };
  const afterFrames = () => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(start, 0)));
  const afterContent = () => {
    const image = document.querySelector('img[fetchpriority="high"]');
    if (image && !image.complete) {
      image.addEventListener('load', afterFrames);
      image.addEventListener('error', afterFrames);
    } else afterFrames();
  };
  // Nothing to wait for: a hash route other than the prerendered page (data-stale, set by the head
  // script) shows nothing until the app renders it; a hidden tab and a frame (the diagnostics tool's
  // invisible one) may never report a paint.
  if (
    document.documentElement.dataset.stale ||
    document.visibilityState === 'hidden' ||
    window.top !== window
  ) {
    start();
    return;
  }
  setTimeout(start, 3000);
  try {
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      afterContent();
    }).observe({ type: 'paint', buffered: true });
  } catch {
    start();
  }
}

/** The stylesheet is inlined too: the page paints from the HTML alone, without a second round trip. */
function paintFirstBoot(html) {
  const runtimeEnv = '<script defer src="/runtime-env.js"></script>';
  if (!html.includes(runtimeEnv)) throw new Error('prerender: index.html lacks the runtime-env.js script');
  const stylesheet = /<link rel="stylesheet" crossorigin href="(\/assets\/[\w.-]+\.css)">/g;
  const sheets = [...html.matchAll(stylesheet)];
  if (sheets.length !== 1) throw new Error('prerender: expected one stylesheet');
  const css = readFileSync(path.join(WEB, sheets[0][1]), 'utf8');
  if (/<\/style/i.test(css)) throw new Error('prerender: the stylesheet contains </style');
  const entry = /<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>/g;
  const entries = [...html.matchAll(entry)];
  if (entries.length !== 1) throw new Error('prerender: expected one entry module script');
  const preload = /<link rel="modulepreload" crossorigin href="(\/assets\/[\w.-]+\.js)">/g;
  const deps = [...html.matchAll(preload)].map((m) => m[1]);
  const vendor = deps.find((d) => /\/react-dom-[\w-]+\.js$/.test(d));
  if (!vendor) throw new Error('prerender: the entry has no react-dom chunk (vite.config.ts codeSplitting)');
  const template = html
    .replace(runtimeEnv, '')
    .replace(preload, '')
    .replace(stylesheet, () => `<style>${css}</style>`)
    .replace(entry, () => BOOT_MARKER);
  /** The boot script of one page: the same for all but the page's own chunk and its imports. */
  const bootFor = (pageDeps) => {
    const params = [entries[0][1], deps, vendor, pageDeps].map((v) => JSON.stringify(v)).join(', ');
    const boot = `(${bootSnippet.toString()})(${params})`;
    if (/<\/script/i.test(boot)) throw new Error('prerender: the boot script contains </script');
    return `<script>${boot}</script>`;
  };
  return { template, entryFile: entries[0][1], bootFor };
}
const BOOT_MARKER = '<!--boot-->';
const { template, entryFile, bootFor } = paintFirstBoot(built);

/** The files a route's page chunk needs beyond the entry and its imports, from the build manifest. */
const { manifest, entryKey, closure: chunkClosure } = readManifest(WEB);
if (`/${manifest[entryKey].file}` !== entryFile)
  throw new Error('prerender: the manifest entry is not the page entry');
const shellFiles = chunkClosure(entryKey);
const pageDepsFor = (source) =>
  [...chunkClosure(source)].filter((f) => !shellFiles.has(f)).map((f) => `/${f}`);

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
    .replace(BOOT_MARKER, () => bootFor(pageDepsFor(ssr.pageSource(resolution.match))))
    .replace(/<!--head:start-->[\s\S]*<!--head:end-->/, headFor(meta, lcp))
    .replace('<div id="root"></div>', `<div id="root" data-prerendered="${esc(p)}">${body}</div>`);
  const file = p === '/' ? 'index.html' : `pages${p}.html`;
  mkdirSync(path.dirname(path.join(WEB, file)), { recursive: true });
  writeFileSync(path.join(WEB, file), html);
  written.push(file);
}
console.log(`prerender: ${written.length} pages in ${Date.now() - started} ms`);
