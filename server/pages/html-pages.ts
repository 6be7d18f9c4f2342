/**
 * The shop's HTML pages as served: the PUBLIC_URL placeholder filled in, each page compressed once (brotli
 * and gzip, on libuv's threads, not the event loop) and kept in memory with a strong ETag and the CSP
 * hashes of its inline scripts. Serving a page is then a map lookup and a buffer write.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { DEFAULT_SELLER, type SellerIdentity } from '../../domain/settings/seller';
import { sellerTexts } from '../../domain/settings/seller-texts';
import { inlineScriptHashes } from '../security/csp';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export const PUBLIC_URL_TOKEN = '__PUBLIC_URL__';

/**
 * Where the home page's description of the shop goes (domain/pages/shop-json-ld.ts): it names the seller
 * and her terms, which the server knows when it fills the page in, not when the page is rendered.
 */
export const SHOP_JSON_LD_TOKEN = '__SHOP_JSON_LD__';

/** JSON inside a <script>: '<' escaped so no "</script>" can end it early. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

export interface HtmlPage {
  readonly raw: Buffer;
  readonly br: Buffer;
  readonly gzip: Buffer;
  readonly etag: string;
  /** CSP hashes of the page's inline scripts, as served (after the PUBLIC_URL fill-in). */
  readonly scriptHashes: readonly string[];
}

function walk(dir: string, base: string, out: Map<string, string>): void {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full, `${base}/${name}`, out);
    else if (name.endsWith('.html')) out.set(`${base}/${name.slice(0, -'.html'.length)}`, full);
  }
}

/**
 * Brotli's quality for the pages, compressed at every start. Measured on the home, shop and product pages
 * (110-180 KB of HTML each): quality 6 takes 2-4 ms a page and gives 17.4-17.9 KB, 1.2% more than quality 9,
 * which took 93-101 ms a page: 47 pages at quality 9 were 6.7 of the 8.6 s a start took on a slow 2-core
 * host (a CPU profile of `npm start`), and every test that starts the real server waited for them.
 */
const PAGE_BROTLI_QUALITY = 6;

/** Compressed with both encodings: a strong ETag names the exact bytes. */
export async function compressed(
  raw: Buffer,
  brotliQuality: number,
): Promise<{ raw: Buffer; br: Buffer; gzip: Buffer; etag: string }> {
  const [br, gz] = await Promise.all([
    brotliAsync(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: brotliQuality,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
    gzipAsync(raw, { level: 9 }),
  ]);
  return {
    raw,
    br,
    gzip: gz,
    etag: `"${createHash('sha256').update(raw).digest('base64url').slice(0, 27)}"`,
  };
}

export async function htmlPage(html: string): Promise<HtmlPage> {
  return {
    ...(await compressed(Buffer.from(html, 'utf8'), PAGE_BROTLI_QUALITY)),
    scriptHashes: inlineScriptHashes(html),
  };
}

/** How React writes text into HTML: what a prerendered text node looks like in the file. */
function asReactText(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#x27;');
}

/**
 * The seller's texts as configured, in place of the placeholders the pages were prerendered with
 * (domain/settings/seller.ts): the browser renders the same from /runtime-env.js, so hydration matches. The longest
 * first, since some contain others (the footer line holds the name and the address).
 */
export function sellerReplacements(seller: SellerIdentity): (html: string) => string {
  const from = sellerTexts(DEFAULT_SELLER);
  const to = sellerTexts(seller);
  const pairs = (Object.keys(from) as (keyof typeof from)[])
    .filter((k) => from[k] !== to[k])
    .map((k) => [asReactText(from[k]), asReactText(to[k])] as const)
    .sort((a, b) => b[0].length - a[0].length);
  return (html) => pairs.reduce((out, [a, b]) => out.replaceAll(a, b), html);
}

/**
 * Pages written to disk as HTML files (index.html, pages/**.html), keyed by route path ('/', '/shop',
 * '/product/3', '/404'): what the server serves when the front end was built without its SSR bundle.
 */
export function htmlPageFiles(webDistDir: string): Map<string, string> {
  const files = new Map<string, string>();
  files.set('/', path.join(webDistDir, 'index.html'));
  const pagesDir = path.join(webDistDir, 'pages');
  if (existsSync(pagesDir)) walk(pagesDir, '', files);
  return new Map([...files].map(([route, file]) => [route, readFileSync(file, 'utf8')]));
}

/** The order desk's page (dist/web/admin.html, vite.admin.config.ts), or null when it was not built. */
export async function loadDeskPage(webDistDir: string, publicUrl: string): Promise<HtmlPage | null> {
  const file = path.join(webDistDir, 'admin.html');
  if (!existsSync(file)) return null;
  return htmlPage(readFileSync(file, 'utf8').replaceAll(PUBLIC_URL_TOKEN, publicUrl));
}
