import { describe, expect, it } from 'vitest';
import { imageEditRequestSchema } from '../media/image-edit';
import {
  cancelRequestSchema,
  dispatchRequestSchema,
  noteRequestSchema,
  refundRequestSchema,
} from '../orders/admin-api';
import { withdrawalRequestSchema } from '../orders/order-page';
import { INPUT_TEXT_ERRORS, isFreeText, isSingleLineText, withoutInvisibleCharacters } from './input-text';

const INVISIBLE = [
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200b',
  '\u200c',
  '\u200e',
  '\u200f',
  '\u2060',
  '\ufeff',
];
const CONTROLS = ['\u0000', '\u0007', '\t', '\u001b', '\u007f', '\u0085', '\u009b'];

describe('input rules', () => {
  it('a single line refuses every control character, line breaks included, and invisible formatting', () => {
    expect(isSingleLineText("Órla Ní Bhriain-O'Neill, 3 Shop St. €40 ✨")).toBe(true);
    expect(isSingleLineText('')).toBe(true);
    for (const bad of [...CONTROLS, '\r', '\n', '\u2028', '\u2029', ...INVISIBLE])
      expect(isSingleLineText(`A${bad}B`)).toBe(false);
  });

  it('a free text keeps line breaks and refuses the other controls and invisible formatting', () => {
    expect(isFreeText('Happy birthday!\r\nLove,\nNiamh\r')).toBe(true);
    for (const bad of [...CONTROLS, ...INVISIBLE]) expect(isFreeText(`A${bad}B`)).toBe(false);
  });

  it('a zero-width joiner is refused unless it joins two emoji', () => {
    for (const emoji of ['👨\u200d👩\u200d👧', '❤️\u200d🔥', '👩🏽\u200d💻']) {
      expect(isSingleLineText(emoji)).toBe(true);
      expect(isFreeText(`For you ${emoji}`)).toBe(true);
    }
    for (const bad of ['A\u200dB', '\u200d👩', '👩\u200d', 'x\u200d\u200d👩'])
      expect(isFreeText(bad)).toBe(false);
  });

  it('a browser field drops what the server would refuse and keeps the rest', () => {
    expect(withoutInvisibleCharacters('Sl\u200bán \u202ego fóill\u202c 👨\u200d👩\u200d👧')).toBe(
      'Slán go fóill 👨\u200d👩\u200d👧',
    );
  });

  it('every schema with text holds its fields to the rule, naming the field', () => {
    const withdrawal = { reference: 'SOL-AB12CD34', key: 'k'.repeat(20), lines: [0], name: 'Ciara' };
    const refusals = [
      withdrawalRequestSchema.safeParse({ ...withdrawal, name: 'X\r\nBcc: victim@example.ie' }),
      withdrawalRequestSchema.safeParse({ ...withdrawal, reason: 'Too \u202esmall' }),
      dispatchRequestSchema.safeParse({ carrier: 'dpd', trackingNumber: '12\n34' }),
      dispatchRequestSchema.safeParse({ carrier: 'dpd', trackingNumber: '12\u20663' }),
      dispatchRequestSchema.safeParse({
        carrier: 'other',
        trackingNumber: '1',
        trackingUrl: 'https://x.ie/\u0085',
      }),
      refundRequestSchema.safeParse({ reason: 'Broken\r\nclasp' }),
      cancelRequestSchema.safeParse({ reason: 'Out of \u200bstock' }),
      noteRequestSchema.safeParse({ text: 'Call \u202ebefore' }),
      imageEditRequestSchema.safeParse({ imageUrl: 'x', editInstruction: 'Brighter\u0007' }),
    ];
    const fields = [
      'name',
      'reason',
      'trackingNumber',
      'trackingNumber',
      'trackingUrl',
      'reason',
      'reason',
      'text',
      'editInstruction',
    ];
    refusals.forEach((result, i) => {
      expect(result.success).toBe(false);
      const issue = result.error?.issues[0];
      expect(issue?.path).toEqual([fields[i]]);
      expect([INPUT_TEXT_ERRORS.singleLine, INPUT_TEXT_ERRORS.freeText]).toContain(issue?.message);
    });
    expect(withdrawalRequestSchema.safeParse({ ...withdrawal, reason: 'Too small.\r\nSorry' }).success).toBe(
      true,
    );
    expect(noteRequestSchema.safeParse({ text: 'Ring first.\nGate code 1234' }).success).toBe(true);
    expect(dispatchRequestSchema.safeParse({ carrier: 'dpd', trackingNumber: ' 1234 ' }).success).toBe(true);
  });
});
