/**
 * The shop's e-mail layout, shared by every feature's e-mails: one HTML document with inline styles (what
 * e-mail clients render reliably), its paragraphs and links, money as the shop prints it, and the mark
 * of a test-checkout order. Each feature writes its own e-mails with these (orders/order-mail.ts, ...).
 */
import { BRAND } from '../../domain/config';
import { escapeHtml } from '../../domain/shared/html';
import { type Cents, formatEuro } from '../../domain/shared/money';

export interface RenderedMail {
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

const regionNames = new Intl.DisplayNames(['en-IE'], { type: 'region' });

export function countryName(code: string): string {
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/** Re-exported: server code that writes HTML imports the escaper from here with the layout. */
export { escapeHtml };

export function money(value: number): string {
  return formatEuro(value as Cents);
}

// Table-based layout with inline styles: what e-mail clients render reliably.
const INK = '#2a1f23';
export const MUTED = '#5f5157';
export const LINE = '#e3d6c6';
export const WINE = '#6b1d35';

export function htmlDocument(title: string, body: string): string {
  return `<!doctype html>
<html lang="en-IE">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#fbf7f2;color:${INK};font-family:Georgia,'Times New Roman',serif;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#fbf7f2;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border:1px solid ${LINE};border-radius:8px;">
<tr><td style="padding:28px 28px 8px 28px;font-size:26px;color:${WINE};letter-spacing:0.02em;">${escapeHtml(BRAND.name)}</td></tr>
${body}
<tr><td style="padding:20px 28px 28px 28px;font-family:Arial,sans-serif;font-size:12px;color:${MUTED};border-top:1px solid ${LINE};">${escapeHtml(BRAND.name)}: ${escapeHtml(BRAND.tagline)}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

/** An e-mail's HTML: its blocks (table rows, as `htmlParagraph` writes them) one a line in the layout. */
export function htmlMail(title: string, blocks: readonly string[]): string {
  return htmlDocument(title, blocks.join('\n'));
}

/** An e-mail's plain text: its lines, then the shop's name and tagline and a last newline, as every one ends. */
export function signedText(lines: readonly string[]): string {
  return [...lines, `${BRAND.name}: ${BRAND.tagline}`, ''].join('\n');
}

/** An e-mail in both its forms: the text lines signed as every e-mail ends, the HTML blocks in the layout. */
export function signedMail(
  subject: string,
  textLines: readonly string[],
  htmlBlocks: readonly string[],
): RenderedMail {
  return { subject, text: signedText(textLines), html: htmlMail(subject, htmlBlocks) };
}

export function htmlParagraph(text: string): string {
  return `<tr><td style="padding:8px 28px;font-family:Arial,sans-serif;font-size:15px;line-height:1.5;">${text}</td></tr>`;
}

export const TEST_SUBJECT_PREFIX = '[TEST ORDER] ';
export const TEST_NOTICE =
  'TEST ORDER: paid on the built-in test checkout with a test card. No money was taken.';
/** An order gift cards paid in full never saw the test checkout: its mark says what did pay. */
export const TEST_GIFT_CARD_NOTICE =
  'TEST ORDER: paid with gift cards in the shop’s TEST MODE (no test card). No money was taken.';

/** The subject of an e-mail about a test-checkout order carries the mark first, as every such e-mail does. */
export function testSubject(testOrder: boolean, subject: string): string {
  return `${testOrder ? TEST_SUBJECT_PREFIX : ''}${subject}`;
}

export function htmlLink(url: string, label = url): string {
  return `<a href="${escapeHtml(url)}" style="color:${WINE};">${escapeHtml(label)}</a>`;
}
