/**
 * Renders every page of the shop from a catalogue snapshot, at run time, with the SSR build of the same App
 * the browser runs (dist/ssr/entry-server.js) into the built page template (dist/web/index.html): the head
 * (title, meta, social cards, JSON-LD, the LCP image's preload), the boot script in place of the entry
 * module (docs/decisions/0007-boot-and-hydration.md) and the root carrying the rendered route and the URL
 * of the snapshot it was rendered from. The boot script comes from the SSR build: compiled by tsx, which
 * keeps function names, its text would call a helper the page does not have.
 *
 * A front end built without its SSR bundle (the small hand-written builds of server tests) is served from
 * its HTML files as they are, whatever the snapshot.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CatalogueSnapshot } from '../../domain/catalogue/snapshot';
import { BRAND } from '../../domain/config';
import { EMPTY_REVIEWS, type ReviewsSnapshot } from '../../domain/reviews/reviews';
import { escapeHtml } from '../../domain/shared/html';
import type * as EntryServer from '../../web/src/entry-server';
import { readManifest } from './build-manifest';
import { htmlPageFiles, PUBLIC_URL_TOKEN, SHOP_JSON_LD_TOKEN, scriptJson } from './html-pages';

export interface PageRenderer {
  /** Whether the pages follow the snapshot (false: files written at build time). */
  readonly live: boolean;
  /**
   * Every page's HTML for `snapshot` and the published `reviews` (none when absent), keyed by path ('/',
   * '/shop', '/product/3', '/404'), with PUBLIC_URL_TOKEN where the public URL goes. Each page names
   * `catalogueUrl`, the resource holding both. `superseded` is asked between pages: once it says true the
   * rendering stops (a newer snapshot waits).
   */
  render(
    snapshot: CatalogueSnapshot,
    catalogueUrl: string,
    superseded?: () => boolean,
    reviews?: ReviewsSnapshot,
  ): Promise<ReadonlyMap<string, string> | null>;
}

/** Where the SSR build is, next to the client build (vite builds web/ into dist/web and dist/ssr). */
export function defaultSsrEntry(webDistDir: string): string {
  return path.resolve(webDistDir, '..', 'ssr', 'entry-server.js');
}

/** The SSR build's renderer when it was built, else the HTML files of the client build. */
export async function loadPageRenderer(webDistDir: string, ssrEntry?: string): Promise<PageRenderer> {
  const entry = ssrEntry ?? defaultSsrEntry(webDistDir);
  if (!existsSync(entry)) return filePageRenderer(webDistDir);
  const ssr: typeof EntryServer = await import(pathToFileURL(entry).href);
  return ssrPageRenderer(webDistDir, ssr);
}

function filePageRenderer(webDistDir: string): PageRenderer {
  const pages = htmlPageFiles(webDistDir);
  return { live: false, render: async () => pages };
}

const BOOT_MARKER = '<!--boot-->';

/** A page's task of its own: rendering 50 pages never holds the event loop for more than one of them. */
const nextTask = () => new Promise<void>((resolve) => setImmediate(resolve));

export function ssrPageRenderer(webDistDir: string, ssr: typeof EntryServer): PageRenderer {
  const built = readFileSync(path.join(webDistDir, 'index.html'), 'utf8');
  const emptyRoot = `<div id="${ssr.ROOT_ID}"></div>`;
  if (!built.includes(emptyRoot) || !built.includes('<!--head:start-->')) {
    throw new Error(`page renderer: index.html lacks the ${emptyRoot} or <!--head:start--> markers`);
  }
  const graph = readManifest(webDistDir);

  /**
   * The page template: index.html without its module script and preload links (the boot script loads them
   * after the first paint) and with the stylesheet inlined, so the page paints from the HTML alone, without
   * a second round trip.
   */
  function paintFirstTemplate(html: string): { template: string; assets: EntryServer.BootAssets } {
    const runtimeEnv = '<script defer src="/runtime-env.js"></script>';
    if (!html.includes(runtimeEnv))
      throw new Error('page renderer: index.html lacks the runtime-env.js script');
    const stylesheet = /<link rel="stylesheet" crossorigin href="(\/assets\/[\w.-]+\.css)">/g;
    const sheets = [...html.matchAll(stylesheet)];
    const sheet = sheets[0]?.[1];
    if (sheets.length !== 1 || !sheet) throw new Error('page renderer: expected one stylesheet');
    const css = readFileSync(path.join(webDistDir, sheet), 'utf8');
    if (/<\/style/i.test(css)) throw new Error('page renderer: the stylesheet contains </style');
    const entryScript = /<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>/g;
    const entries = [...html.matchAll(entryScript)];
    const entry = entries[0]?.[1];
    if (entries.length !== 1 || !entry) throw new Error('page renderer: expected one entry module script');
    if (`/${graph.manifest[graph.entryKey]?.file}` !== entry) {
      throw new Error('page renderer: the manifest entry is not the page entry');
    }
    const preload = /<link rel="modulepreload" crossorigin href="(\/assets\/[\w.-]+\.js)">/g;
    const entryImports = [...html.matchAll(preload)].map((m) => m[1] ?? '');
    const reactDom = `/${graph.namedChunkFile(ssr.REACT_DOM_CHUNK)}`;
    if (!entryImports.includes(reactDom)) {
      throw new Error(
        'page renderer: the entry does not import the react-dom chunk (vite.config.ts codeSplitting)',
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

  function headFor(
    meta: ReturnType<typeof ssr.pageMeta>,
    lcp: ReturnType<typeof ssr.lcpImage>,
    catalogueUrl: string,
    home: boolean,
  ): string {
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
    // The snapshot the app hydrates from, fetched while the page paints; low priority, so it never
    // competes with the LCP image (the boot waits for that image anyway). `crossorigin` makes the
    // preload's request the one the boot's fetch() reuses.
    tags.push(
      `<link rel="preload" as="fetch" crossorigin fetchpriority="low" href="${esc(catalogueUrl)}" />`,
    );
    if (meta.jsonLd) {
      tags.push(`<script type="application/ld+json" id="product-jsonld">${scriptJson(meta.jsonLd)}</script>`);
    }
    if (home) {
      // Filled in with the seller and her terms when the page is served (server/pages/web-routes.ts).
      tags.push(`<script type="application/ld+json" id="shop-jsonld">${SHOP_JSON_LD_TOKEN}</script>`);
    }
    return tags.join('\n    ');
  }

  return {
    live: true,
    async render(snapshot, catalogueUrl, superseded = () => false, reviews = EMPTY_REVIEWS) {
      const pages = new Map<string, string>();
      for (const p of ssr.prerenderPaths(snapshot)) {
        if (superseded()) return null;
        const resolution = ssr.resolvePath(p);
        if (resolution.kind !== 'route') continue;
        const body = await ssr.renderPath(p, snapshot, reviews);
        const meta = ssr.pageMeta(resolution.match, PUBLIC_URL_TOKEN, snapshot, reviews);
        const lcp = ssr.lcpImage(resolution.match, snapshot);
        const html = template
          .replace(
            BOOT_MARKER,
            () => `<script>${ssr.bootScript(assets, pageImportsFor(resolution.match))}</script>`,
          )
          .replace(/<!--head:start-->[\s\S]*<!--head:end-->/, () =>
            headFor(meta, lcp, catalogueUrl, resolution.match.id === 'home'),
          )
          .replace(
            emptyRoot,
            () =>
              `<div id="${ssr.ROOT_ID}" ${ssr.PRERENDERED_ATTRIBUTE}="${esc(p)}" ${ssr.CATALOGUE_ATTRIBUTE}="${esc(catalogueUrl)}">${body}</div>`,
          );
        pages.set(p, html);
        await nextTask();
      }
      return pages;
    },
  };
}
