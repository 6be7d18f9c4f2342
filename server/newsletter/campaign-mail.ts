/**
 * A campaign's e-mail (docs/product.md §5.10): the owner's Markdown rendered by markdown-it with HTML off
 * (whatever she types stays text, never markup of the e-mail), the product blocks (photo, name, price,
 * link) from the catalogue, in the shop's e-mail layout, with its plain-text twin. The body is rendered
 * once per campaign; each message only adds its own unsubscribe link around it. No tracking pixel and no
 * per-recipient link: every link is the shop's plain URL.
 */
import MarkdownIt from 'markdown-it';
import type { CatalogueProduct } from '../../domain/catalogue/snapshot';
import { productPath } from '../../domain/routes';
import { escapeHtml, htmlDocument, htmlParagraph, MUTED, money, WINE } from '../mail/layout';

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

const markdown = new MarkdownIt({ html: false, linkify: true, breaks: false });

/** The picture of a product block: a rendition about 480 px wide, WebP (what most mail programs show). */
function photoUrl(publicUrl: string, product: CatalogueProduct): string | null {
  const image = product.images[0];
  if (!image) return null;
  const width = image.widths.find((w) => w >= 480) ?? image.widths[image.widths.length - 1];
  if (width === undefined) return null;
  const base = image.base.startsWith('http') ? image.base : `${publicUrl}${image.base}`;
  return `${base}-${width}.webp`;
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
  const body = markdown.render(content.body);
  const html = [
    preheader,
    `<tr><td style="padding:8px 28px;font-family:Arial,sans-serif;font-size:15px;line-height:1.5;">${body}</td></tr>`,
    ...products.map((p) => productBlockHtml(publicUrl, p)),
  ].join('\n');
  const text = [
    content.body.trim(),
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
  const html = htmlDocument(
    subject,
    [
      rendered.html,
      htmlParagraph(
        `<span style="font-size:13px;color:${MUTED};">${escapeHtml(CAMPAIGN_FOOTER)} <a href="${escapeHtml(unsubscribeUrl)}" style="color:${WINE};">Unsubscribe</a></span>`,
      ),
    ].join('\n'),
  );
  const text = `${rendered.text}\n\n--\n${CAMPAIGN_FOOTER}\nUnsubscribe: ${unsubscribeUrl}\n`;
  return { subject, html, text };
}
