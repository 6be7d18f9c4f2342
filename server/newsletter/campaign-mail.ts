/**
 * A campaign's e-mail (docs/product/states.md §5.10): the owner's Markdown rendered by markdown-it with HTML off
 * (whatever she types stays text, never markup of the e-mail), the product blocks (photo, name, price,
 * link) from the catalogue, in the shop's e-mail layout, with its plain-text twin. The body is rendered
 * once per campaign; each message only adds its own unsubscribe link around it. No tracking pixel and no
 * per-recipient link: every link is the shop's plain URL.
 */
import type MarkdownIt from 'markdown-it';
import type Token from 'markdown-it/lib/token.mjs';
import type { CatalogueProduct } from '../../domain/catalogue/snapshot';
import { mailImagePath } from '../../domain/media/images';
import { productPath } from '../../domain/routes';
import { lazyModule } from '../lib/lazy-module';
import { escapeHtml, htmlMail, htmlParagraph, MUTED, money, WINE } from '../mail/layout';

/** The part of a campaign its e-mail is made of. */
export interface CampaignContent {
  readonly subject: string;
  readonly preview: string;
  readonly body: string;
}

/** Rendered once: the body's HTML rows and its text, without the unsubscribe link. */
export interface RenderedCampaign {
  readonly html: string;
  readonly text: string;
}

/** What a render is given: the shop's own address, the one place a campaign's pictures may come from. */
interface RenderEnv {
  readonly publicUrl: string;
}

/**
 * A picture's address if it is the shop's own (absolute, or a path on the shop), else null. A picture from
 * anywhere else would tell its server who opened the e-mail and when, while the footer says the shop does
 * not track opens.
 */
export function ownImageUrl(publicUrl: string, src: string): string | null {
  if (src.startsWith(`${publicUrl}/`)) return src;
  if (src.startsWith('/') && !src.startsWith('//')) return `${publicUrl}${src}`;
  return null;
}

/** markdown-it, loaded at the first campaign written or sent, not at every start (server/lib/lazy-module.ts). */
const loadMarkdownIt = lazyModule<typeof MarkdownIt>('markdown-it');
let renderer: MarkdownIt | undefined;

/** The one renderer, made at first use: HTML off, the shop's own pictures only. */
function markdown(): MarkdownIt {
  if (renderer) return renderer;
  const made = new (loadMarkdownIt())({ html: false, linkify: true, breaks: false });
  const defaultImage = made.renderer.rules.image;
  made.renderer.rules.image = (tokens, idx, options, env: RenderEnv, self) => {
    const token = tokens[idx];
    const own = token ? ownImageUrl(env.publicUrl, token.attrGet('src') ?? '') : null;
    if (!token || !own || !defaultImage) {
      // Another site's picture: its description stays, as text.
      const alt = token?.children ? self.renderInlineAsText(token.children, options, env) : '';
      return alt ? `[${escapeHtml(alt)}]` : '';
    }
    token.attrSet('src', own);
    return defaultImage(tokens, idx, options, env, self);
  };
  renderer = made;
  return made;
}

/** The inline part of a Markdown line as plain text: emphasis dropped, a link's address after its words. */
function inlineText(children: readonly Token[]): string {
  let out = '';
  let href: string | null = null;
  let linkStart = 0;
  for (const t of children) {
    if (t.type === 'text' || t.type === 'code_inline') out += t.content;
    else if (t.type === 'softbreak' || t.type === 'hardbreak') out += '\n';
    else if (t.type === 'image') out += t.content ? `[${t.content}]` : '';
    else if (t.type === 'link_open') {
      href = t.attrGet('href');
      linkStart = out.length;
    } else if (t.type === 'link_close') {
      const words = out.slice(linkStart);
      const address = (href ?? '').replace(/^mailto:/, '');
      if (address && words !== address) out += ` (${address})`;
      href = null;
    }
  }
  return out;
}

/**
 * The Markdown as a plain-text e-mail reads: headings, paragraphs and lists as lines, no `#`, `**` or
 * `[text](url)` left (the text part is what a plain-text mail program or a screen reader's preview shows).
 */
export function markdownText(body: string): string {
  const blocks: string[] = [];
  const lists: { ordered: boolean; n: number }[] = [];
  let quote = 0;
  let prefix = '';
  let afterItem = false;
  for (const t of markdown().parse(body, { publicUrl: '' })) {
    if (t.type === 'bullet_list_open' || t.type === 'ordered_list_open') {
      lists.push({ ordered: t.type === 'ordered_list_open', n: Number(t.attrGet('start') ?? 1) });
    } else if (t.type === 'bullet_list_close' || t.type === 'ordered_list_close') {
      lists.pop();
      afterItem = lists.length > 0;
    } else if (t.type === 'list_item_open') {
      const list = lists[lists.length - 1];
      const indent = '  '.repeat(Math.max(0, lists.length - 1));
      prefix = list?.ordered ? `${indent}${list.n++}. ` : `${indent}- `;
    } else if (t.type === 'blockquote_open') quote += 1;
    else if (t.type === 'blockquote_close') quote -= 1;
    else if (t.type === 'inline' || t.type === 'code_block' || t.type === 'fence') {
      const text = t.type === 'inline' ? inlineText(t.children ?? []) : t.content.replace(/\n$/, '');
      const line = `${'> '.repeat(quote)}${prefix}${text}`;
      prefix = '';
      // List items follow each other line by line; other blocks are a paragraph apart.
      const inList = lists.length > 0;
      blocks.push(inList && afterItem ? `\n${line}` : `\n\n${line}`);
      afterItem = inList;
    } else if (t.type === 'hr') {
      blocks.push('\n\n----');
      afterItem = false;
    }
  }
  return blocks.join('').trim();
}

/**
 * The picture of a product block: a rendition about 480 px wide as a JPEG (Outlook shows no WebP); a
 * picture hosted elsewhere keeps its own WebP.
 */
function photoUrl(publicUrl: string, product: CatalogueProduct): string | null {
  const image = product.images[0];
  if (!image) return null;
  const width = image.widths.find((w) => w >= 480) ?? image.widths[image.widths.length - 1];
  if (width === undefined) return null;
  if (image.base.startsWith('http')) return `${image.base}-${width}.webp`;
  const jpeg = mailImagePath(image.base, width);
  return jpeg ? `${publicUrl}${jpeg}` : `${publicUrl}${image.base}-${width}.webp`;
}

function productUrl(publicUrl: string, product: CatalogueProduct): string {
  return `${publicUrl}${productPath(product.id)}`;
}

export function productBlockHtml(publicUrl: string, product: CatalogueProduct): string {
  const url = escapeHtml(productUrl(publicUrl, product));
  const photo = photoUrl(publicUrl, product);
  const alt = escapeHtml(product.images[0]?.alt || product.name);
  const img = photo
    ? `<a href="${url}"><img src="${escapeHtml(photo)}" width="240" alt="${alt}" style="display:block;width:240px;max-width:100%;height:auto;border-radius:8px;border:0;"></a>`
    : '';
  return `<tr><td style="padding:12px 28px;font-family:Arial,sans-serif;font-size:15px;line-height:1.5;">${img}<p style="margin:8px 0 0 0;"><a href="${url}" style="color:${WINE};font-weight:bold;">${escapeHtml(product.name)}</a><br>${escapeHtml(money(product.price))}</p></td></tr>`;
}

export function productBlockText(publicUrl: string, product: CatalogueProduct): string {
  return `${product.name}, ${money(product.price)}\n  ${productUrl(publicUrl, product)}`;
}

/**
 * Renders a campaign's body once: the preview line as the hidden preheader mail programs show beside the
 * subject, the Markdown, then the product blocks.
 */
export function renderCampaign(
  publicUrl: string,
  content: CampaignContent,
  products: readonly CatalogueProduct[],
): RenderedCampaign {
  const preheader = content.preview
    ? `<tr><td style="display:none;font-size:1px;line-height:1px;max-height:0;max-width:0;opacity:0;overflow:hidden;">${escapeHtml(content.preview)}</td></tr>`
    : '';
  const env: RenderEnv = { publicUrl };
  const body = markdown().render(content.body, env);
  const html = [
    preheader,
    `<tr><td style="padding:8px 28px;font-family:Arial,sans-serif;font-size:15px;line-height:1.5;">${body}</td></tr>`,
    ...products.map((p) => productBlockHtml(publicUrl, p)),
  ].join('\n');
  const text = [
    markdownText(content.body),
    ...(products.length > 0 ? ['', ...products.map((p) => productBlockText(publicUrl, p))] : []),
  ].join('\n');
  return { html, text };
}

export const CAMPAIGN_FOOTER =
  'You receive this because you subscribed to our newsletter and confirmed it. We do not track opens or clicks.';

/** One message: the rendered campaign with this subscriber's unsubscribe link. */
export function campaignMessage(
  subject: string,
  rendered: RenderedCampaign,
  unsubscribeUrl: string,
): { subject: string; html: string; text: string } {
  const html = htmlMail(subject, [
    rendered.html,
    htmlParagraph(
      `<span style="font-size:13px;color:${MUTED};">${escapeHtml(CAMPAIGN_FOOTER)} <a href="${escapeHtml(unsubscribeUrl)}" style="color:${WINE};">Unsubscribe</a></span>`,
    ),
  ]);
  const text = `${rendered.text}\n\n--\n${CAMPAIGN_FOOTER}\nUnsubscribe: ${unsubscribeUrl}\n`;
  return { subject, html, text };
}
