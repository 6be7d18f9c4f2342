import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { giftCardCodesSchema, giftCardLineSchema } from './gift-card-api';
import {
  checkSendOn,
  formatGiftCardCode,
  GIFT_CARD_ALPHABET,
  giftCardExpired,
  giftCardExpiresOn,
  giftCardLast4,
  isGiftCardAmount,
  ledgerBalance,
  newGiftCardCode,
  parseGiftCardCode,
  splitAcrossCards,
} from './gift-cards';

describe('gift card codes', () => {
  it('uses 31 unambiguous characters: A-Z and 2-9 without 0, O, 1, I and L', () => {
    expect(GIFT_CARD_ALPHABET).toHaveLength(31);
    for (const c of '0O1IL') expect(GIFT_CARD_ALPHABET).not.toContain(c);
  });

  it('draws 16 characters of the alphabet, each one about as often as the others', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 2000; i += 1) {
      const code = newGiftCardCode();
      expect(code).toMatch(/^[A-HJKMNP-Z2-9]{16}$/);
      for (const c of code) counts.set(c, (counts.get(c) ?? 0) + 1);
    }
    expect(counts.size).toBe(31);
    // 32,000 characters: about 1,032 each; rejection sampling keeps every one within a few percent.
    for (const n of counts.values()) expect(Math.abs(n - 32000 / 31)).toBeLessThan(200);
  });

  it('rejects the bytes that would favour the first characters', () => {
    // 248 is the first byte past the largest multiple of 31 below 256: it is skipped, 5 is kept ('F').
    const bytes = [248, 5];
    const code = newGiftCardCode((b) => b.map((_, i) => bytes[i % 2] ?? 0));
    expect(code).toBe('F'.repeat(16));
  });

  it('is shown in groups of four and read with or without dashes, in any case', () => {
    const code = 'ABCD2345EFGH6789';
    expect(formatGiftCardCode(code)).toBe('ABCD-2345-EFGH-6789');
    expect(parseGiftCardCode('abcd-2345-efgh-6789')).toBe(code);
    expect(parseGiftCardCode(' ABCD 2345 EFGH 6789 ')).toBe(code);
    expect(parseGiftCardCode('ABCD-2345-EFGH-678')).toBeNull();
    expect(parseGiftCardCode('ABCD-2345-EFGH-678O')).toBeNull();
    expect(giftCardLast4(code)).toBe('6789');
  });
});

describe('the Gift Vouchers Act', () => {
  it('a card is valid exactly five years, through the same Irish calendar day', () => {
    expect(giftCardExpiresOn(new Date('2026-11-27T10:00:00Z'))).toBe('2031-11-27');
    // 23:30 UTC on 30 June is 1 July in Ireland (summer time).
    expect(giftCardExpiresOn(new Date('2026-06-30T23:30:00Z'))).toBe('2031-07-01');
    // Sold on 29 February: never a day short of five years.
    expect(giftCardExpiresOn(new Date('2028-02-29T12:00:00Z'))).toBe('2033-03-01');
    expect(giftCardExpired('2031-11-27', new Date('2031-11-27T23:30:00Z'))).toBe(false);
    expect(giftCardExpired('2031-11-27', new Date('2031-11-28T00:30:00Z'))).toBe(true);
  });

  it('amounts are whole euros from €10 to €500', () => {
    expect([1000, 2500, 50000].every(isGiftCardAmount)).toBe(true);
    expect([999, 1050, 50100, 0, -1000, 25.5].some(isGiftCardAmount)).toBe(false);
  });

  it('a send date is today or up to 365 days ahead on the Irish calendar', () => {
    const now = new Date('2026-11-27T10:00:00Z');
    expect(checkSendOn(undefined, now)).toBe('2026-11-27');
    expect(checkSendOn('2027-11-27', now)).toBe('2027-11-27');
    expect(checkSendOn('2027-11-28', now)).toBeNull();
    expect(checkSendOn('2026-11-26', now)).toBeNull();
    expect(checkSendOn('2026-02-30', now)).toBeNull();
  });
});

describe('the ledger and the split', () => {
  it('the balance is the ledger’s sum', () => {
    expect(
      ledgerBalance([
        { kind: 'issued', amount: 5000 },
        { kind: 'reserved', amount: -3000 },
        { kind: 'released', amount: 3000 },
        { kind: 'reserved', amount: -3000 },
        { kind: 'spent', amount: 0 },
        { kind: 'restored', amount: 1000 },
      ]),
    ).toBe(3000);
  });

  it('cards pay in the order given, each up to its balance; the rest is left for the hosted checkout', () => {
    const a = { id: 'a', balance: 2000 };
    const b = { id: 'b', balance: 5000 };
    const c = { id: 'c', balance: 0 };
    expect(splitAcrossCards([a, c, b], 4500)).toEqual({
      parts: [
        { card: a, amount: 2000 },
        { card: b, amount: 2500 },
      ],
      rest: 0,
    });
    expect(splitAcrossCards([a], 4500).rest).toBe(2500);
  });
});

describe('the checkout’s gift card schemas', () => {
  const checkout = z.object({ giftCards: z.array(giftCardLineSchema), giftCardCodes: giftCardCodesSchema });

  it('accepts cards and codes as the contract gives them', () => {
    const parsed = z.safeParse(checkout, {
      giftCards: [
        { amount: 5000, recipientName: ' Niamh ', recipientEmail: 'niamh@example.ie', sendOn: '2026-12-24' },
      ],
      giftCardCodes: ['abcd-2345-efgh-6789', 'ABCD2345EFGH6789'],
    });
    expect(parsed.success && parsed.data.giftCards[0]?.recipientName).toBe('Niamh');
  });

  it('refuses a bad field at its path', () => {
    const bad = z.safeParse(checkout, {
      giftCards: [{ amount: 1050, recipientName: 'N', recipientEmail: 'niamh@example.ie' }],
      giftCardCodes: ['ABCD2345EFGH6789', 'nope'],
    });
    expect(bad.success).toBe(false);
    const paths = bad.error?.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(['giftCards.0.amount', 'giftCardCodes.1']);
  });
});
