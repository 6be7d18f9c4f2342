/**
 * The product feeds (docs/product/feeds.md): `/feeds/google.xml` (Google Merchant Center's RSS
 * 2.0 product data) and `/feeds/meta.csv` (Meta's catalogue columns, which Pinterest reads too). Built
 * once per catalogue version, as the pages are, from the same snapshot and the owner's settings read
 * with it (a settings save moves the version), and served from memory with an ETag and Last-Modified, so
 * a channel's frequent fetch costs a map lookup and usually a 304. No personal data.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CatalogueSnapshot } from '../../domain/catalogue/snapshot';
import { BRAND } from '../../domain/config';
import { FEED_PATHS } from '../../domain/pages/feed-paths';
import {
  FEED_SIZE_SYSTEM,
  type FeedItem,
  type FeedSettings,
  feedItems,
  feedPrice,
  GOOGLE_PRODUCT_CATEGORY,
} from '../../domain/pages/product-feed';
import { escapeHtml } from '../../domain/shared/html';
import type { CatalogueSource } from '../catalogue';
import { csvDocument } from '../lib/csv';
import { QUIET_LOG } from '../ops/logging';
import { compressed } from './html-pages';
import { pickEncoding } from './web-routes';

/** The columns Meta's commerce catalogue reads, in this order. */
export const META_FEED_COLUMNS = [
  'id',
  'title',
  'description',
  'availability',
  'condition',
  'price',
  'link',
  'image_link',
  'brand',
  'item_group_id',
  'size',
  'google_product_category',
  'additional_image_link',
  'shipping',
] as const;

/**
 * What XML 1.0 may not hold at all, even escaped (its `Char` production): the C0 controls but tab, line
 * feed and carriage return, lone surrogates, and U+FFFE and U+FFFF. One of them in a description makes the
 * whole document not well-formed, and Google then drops every item of the feed, so they are left out.
 */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;

/** Text in XML: the HTML escaper's five references are XML's too (&#39; a numeric one). */
export function xmlText(value: string): string {
  return escapeHtml(value.replace(NOT_XML_CHAR, ''));
}

function googleItem(item: FeedItem): string {
  const tag = (name: string, value: string | number) => `<g:${name}>${xmlText(String(value))}</g:${name}>`;
  const lines = [
    tag('id', item.id),
    tag('item_group_id', item.itemGroupId),
    tag('title', item.title),
    tag('description', item.description),
    tag('link', item.link),
    tag('image_link', item.imageLink),
    ...item.additionalImageLinks.map((url) => tag('additional_image_link', url)),
    tag('availability', item.available ? 'in_stock' : 'out_of_stock'),
    tag('price', feedPrice(item.price, item.currency)),
    tag('brand', item.brand),
    tag('condition', 'new'),
    ...(item.gtin ? [tag('gtin', item.gtin)] : [tag('identifier_exists', 'no')]),
    tag('google_product_category', GOOGLE_PRODUCT_CATEGORY),
    tag('product_type', item.productType),
    tag('material', item.material),
    ...(item.colour ? [tag('color', item.colour)] : []),
    tag('age_group', 'adult'),
    tag('gender', 'unisex'),
    tag('size', item.size),
    tag('size_system', FEED_SIZE_SYSTEM),
    ...item.shipping.map(
      (s) =>
        `<g:shipping>${tag('country', s.country)}${tag('price', feedPrice(s.price, item.currency))}${tag(
          'min_transit_time',
          s.minTransitDays,
        )}${tag('max_transit_time', s.maxTransitDays)}</g:shipping>`,
    ),
    tag('min_handling_time', item.minHandlingDays),
    tag('max_handling_time', item.maxHandlingDays),
  ];
  return `    <item>\n      ${lines.join('\n      ')}\n    </item>`;
}

export function googleFeedXml(items: readonly FeedItem[], publicUrl: string): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">',
    '  <channel>',
    `    <title>${xmlText(BRAND.name)}</title>`,
    `    <link>${xmlText(`${publicUrl}/`)}</link>`,
    `    <description>${xmlText(BRAND.tagline)}</description>`,
    ...items.map(googleItem),
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}

/** Meta's shipping cell: `COUNTRY:REGION:SERVICE:PRICE` per country, comma-separated. */
function metaShipping(item: FeedItem): string {
  return item.shipping.map((s) => `${s.country}::Standard:${feedPrice(s.price, item.currency)}`).join(',');
}

export function metaFeedCsv(items: readonly FeedItem[]): string {
  const rows = items.map((item) => [
    item.id,
    item.title,
    item.description,
    item.available ? 'in stock' : 'out of stock',
    'new',
    feedPrice(item.price, item.currency),
    item.link,
    item.imageLink,
    item.brand,
    item.itemGroupId,
    item.size,
    GOOGLE_PRODUCT_CATEGORY,
    item.additionalImageLinks.join(','),
    metaShipping(item),
  ]);
  // No byte-order mark: the channels read UTF-8 and would take one for part of the first column's name.
  return csvDocument(META_FEED_COLUMNS, rows, { bom: false });
}

interface FeedFile {
  readonly raw: Buffer;
  readonly br: Buffer;
  readonly gzip: Buffer;
  readonly etag: string;
  readonly lastModified: string;
}

interface FeedSet {
  readonly version: string;
  readonly google: FeedFile;
  readonly meta: FeedFile;
}

/**
 * Compressed once per version, as the pages are (a feed of 27 products in three sizes is about 700 KB of
 * XML, some 20 KB compressed), with a strong ETag naming the exact bytes.
 */
async function feedFile(text: string, at: Date): Promise<FeedFile> {
  const { raw, br, gzip, etag } = await compressed(Buffer.from(text, 'utf8'), FEED_BROTLI_QUALITY);
  return { raw, br, gzip, etag, lastModified: at.toUTCString() };
}

/** As the pages': quick to compress on every change, within a few percent of the best. */
const FEED_BROTLI_QUALITY = 6;

export interface FeedRoutesOptions {
  readonly publicUrl: string;
  readonly catalogue: CatalogueSource;
  /** The owner's zones and away state, read again for each catalogue version. */
  readonly settings: () => Promise<FeedSettings['shop']>;
  /** When a feed's contents last changed (Last-Modified). */
  readonly now?: () => Date;
}

/** A short cache: a change reaches the channels at their next fetch, and the ETag makes that cheap. */
const FEED_CACHE = 'public, max-age=60, must-revalidate';

export async function feedRoutes(app: FastifyInstance, opts: FeedRoutesOptions): Promise<void> {
  const now = opts.now ?? (() => new Date());
  let built: { version: string; set: Promise<FeedSet> } | null = null;
  let previous: FeedSet | null = null;

  async function build(snapshot: CatalogueSnapshot): Promise<FeedSet> {
    const shop = await opts.settings();
    const items = feedItems(snapshot, { publicUrl: opts.publicUrl, shop });
    const at = now();
    // A version that changed nothing a feed says (an edit to another field) keeps its Last-Modified.
    const file = async (text: string, before: FeedFile | undefined) => {
      const made = await feedFile(text, at);
      return before && before.etag === made.etag ? before : made;
    };
    const [google, meta] = await Promise.all([
      file(googleFeedXml(items, opts.publicUrl), previous?.google),
      file(metaFeedCsv(items), previous?.meta),
    ]);
    const set = { version: snapshot.version, google, meta };
    previous = set;
    return set;
  }

  /** The set of the source's current version: built once per version, shared by every request. */
  function current(): Promise<FeedSet> {
    const snapshot = opts.catalogue.current();
    if (built?.version !== snapshot.version) {
      const set = build(snapshot);
      built = { version: snapshot.version, set };
      // A failed build is tried again by the next request rather than kept.
      set.catch((err: unknown) => {
        app.log.error({ err, version: snapshot.version }, 'feeds: building the product feeds failed');
        if (built?.set === set) built = null;
      });
    }
    return built.set;
  }

  // Built as each new version arrives, beside the pages, so a channel's fetch never waits for it.
  const unsubscribe = opts.catalogue.subscribe(() => {
    current().catch(() => undefined);
  });
  app.addHook('onClose', async () => unsubscribe());
  await current().catch(() => undefined);

  const send = (request: FastifyRequest, reply: FastifyReply, file: FeedFile, type: string) => {
    reply
      .header('cache-control', FEED_CACHE)
      .header('etag', file.etag)
      .header('last-modified', file.lastModified);
    const since = request.headers['if-modified-since'];
    const match = request.headers['if-none-match'];
    if (match === file.etag || (match === undefined && since === file.lastModified)) {
      return reply.code(304).send();
    }
    const encoding = pickEncoding(request);
    reply.header('vary', 'Accept-Encoding');
    if (encoding) reply.header('content-encoding', encoding);
    return reply.type(type).send(encoding === 'br' ? file.br : encoding === 'gzip' ? file.gzip : file.raw);
  };

  app.get(FEED_PATHS.google, QUIET_LOG, async (request, reply) =>
    send(request, reply, (await current()).google, 'application/rss+xml; charset=utf-8'),
  );
  app.get(FEED_PATHS.meta, QUIET_LOG, async (request, reply) =>
    send(request, reply, (await current()).meta, 'text/csv; charset=utf-8'),
  );
}
