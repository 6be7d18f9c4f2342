/**
 * The gift message (docs/product/sizes.md §13.4): with gift wrap, an optional plain-text note of up to
 * GIFT_MESSAGE_MAX characters that travels with the order to the owner's notification, the shopper's
 * confirmation and the packing slip. Shared by the cart's counter and the server's check, so the two
 * count the same way: in characters as a reader sees them (code points), not UTF-16 units, so an emoji
 * counts once.
 */
import {
  hasControlButLineBreaks,
  isFreeText,
  withoutControlButLineBreaks,
  withoutInvisibleCharacters,
} from '../shared/input-text';

export const GIFT_MESSAGE_MAX = 200;

export const GIFT_MESSAGE_ERRORS = {
  tooLong: `A gift message can be at most ${GIFT_MESSAGE_MAX} characters`,
  controlCharacters: 'A gift message can only hold text and line breaks',
  invisibleCharacters: 'A gift message cannot hold invisible formatting characters',
  withoutGiftWrap: 'A gift message can only be sent with gift wrap',
} as const;

/** Characters as the counter shows them. */
export function giftMessageLength(text: string): number {
  return [...text].length;
}

/**
 * What the cart's field keeps of typed or pasted text: tabs become spaces, other control characters and
 * invisible formatting characters (which the server refuses, domain/shared/input-text.ts) are dropped, and the text stops at GIFT_MESSAGE_MAX characters as the counter
 * counts them (a textarea's maxLength counts UTF-16 units and would cut an emoji-rich message short).
 */
export function cleanGiftMessage(text: string): string {
  const cleaned = withoutInvisibleCharacters(withoutControlButLineBreaks(text.replace(/\t/g, ' ')));
  return [...cleaned].slice(0, GIFT_MESSAGE_MAX).join('');
}

export type GiftMessageCheck =
  | { readonly ok: true; readonly message: string | null }
  | { readonly ok: false; readonly error: string };

/**
 * Line breaks are normalised to "\n" and surrounding white space trimmed; an empty message is no message
 * (null). `giftWrap` is whether the order has gift wrap: a message without it is refused.
 */
export function checkGiftMessage(raw: string | undefined, giftWrap: boolean): GiftMessageCheck {
  if (raw === undefined) return { ok: true, message: null };
  const text = raw.replace(/\r\n?/g, '\n').trim();
  if (hasControlButLineBreaks(text)) return { ok: false, error: GIFT_MESSAGE_ERRORS.controlCharacters };
  if (!isFreeText(text)) return { ok: false, error: GIFT_MESSAGE_ERRORS.invisibleCharacters };
  if (giftMessageLength(text) > GIFT_MESSAGE_MAX) return { ok: false, error: GIFT_MESSAGE_ERRORS.tooLong };
  if (text === '') return { ok: true, message: null };
  if (!giftWrap) return { ok: false, error: GIFT_MESSAGE_ERRORS.withoutGiftWrap };
  return { ok: true, message: text };
}
