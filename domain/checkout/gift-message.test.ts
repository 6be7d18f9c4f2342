import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkGiftMessage,
  cleanGiftMessage,
  GIFT_MESSAGE_ERRORS,
  GIFT_MESSAGE_MAX,
  giftMessageLength,
} from './gift-message';

describe('checkGiftMessage', () => {
  it('keeps a message with gift wrap, trimmed, line breaks normalised to \\n', () => {
    expect(checkGiftMessage('  Happy birthday!\r\nLove, Niamh\r ', true)).toEqual({
      ok: true,
      message: 'Happy birthday!\nLove, Niamh',
    });
  });

  it('refuses bidirectional controls and zero-width characters; keeps emoji joined by a zero-width joiner', () => {
    for (const raw of ['Love \u202eNiamh', 'Love \u2067Niamh\u2069', 'Lo\u200bve', 'Lo\ufeffve']) {
      expect(checkGiftMessage(raw, true)).toEqual({
        ok: false,
        error: GIFT_MESSAGE_ERRORS.invisibleCharacters,
      });
    }
    expect(checkGiftMessage('Love 👨\u200d👩\u200d👧', true)).toEqual({
      ok: true,
      message: 'Love 👨\u200d👩\u200d👧',
    });
    // The cart's field drops them as typed or pasted, so the shopper never meets the refusal.
    expect(cleanGiftMessage('Love \u202eNiamh\u200b 👨\u200d👩\u200d👧')).toBe(
      'Love Niamh 👨\u200d👩\u200d👧',
    );
  });

  it('treats absent and blank messages as none, with or without gift wrap', () => {
    for (const raw of [undefined, '', '   ', '\n\n']) {
      expect(checkGiftMessage(raw, false)).toEqual({ ok: true, message: null });
      expect(checkGiftMessage(raw, true)).toEqual({ ok: true, message: null });
    }
  });

  it('refuses a message without gift wrap', () => {
    expect(checkGiftMessage('Hello', false)).toEqual({
      ok: false,
      error: GIFT_MESSAGE_ERRORS.withoutGiftWrap,
    });
  });

  it('counts characters as a reader does: 200 emoji pass, 201 characters do not', () => {
    expect(giftMessageLength('🎁é')).toBe(2);
    expect(checkGiftMessage('🎁'.repeat(GIFT_MESSAGE_MAX), true).ok).toBe(true);
    expect(checkGiftMessage('a'.repeat(GIFT_MESSAGE_MAX + 1), true)).toEqual({
      ok: false,
      error: GIFT_MESSAGE_ERRORS.tooLong,
    });
  });

  it('refuses control characters other than line breaks, and keeps markup as plain text', () => {
    for (const c of ['\u0000', '\t', '\u0007', '\u001b', '\u007f', '\u0085', '\u000b']) {
      expect(checkGiftMessage(`a${c}b`, true)).toEqual({
        ok: false,
        error: GIFT_MESSAGE_ERRORS.controlCharacters,
      });
    }
    expect(checkGiftMessage('<b>hi</b> & "you"', true)).toEqual({ ok: true, message: '<b>hi</b> & "you"' });
  });

  it('never throws and never accepts more than the maximum', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), fc.boolean(), (raw, wrap) => {
        const result = checkGiftMessage(raw, wrap);
        if (result.ok && result.message !== null) {
          expect(giftMessageLength(result.message)).toBeLessThanOrEqual(GIFT_MESSAGE_MAX);
          expect(wrap).toBe(true);
        }
      }),
    );
  });
});
