import { describe, expect, it } from 'vitest';
import { FIELD_MESSAGES, luhnValid, parseExpiry } from '../../domain/payments/payment-form';
import { LINE2_MESSAGE, readForm, validateForm } from './test-checkout-form';

const NOW = new Date('2026-11-22T12:00:00Z');
const GOOD = {
  email: 'a@example.ie',
  name: 'Aoife',
  line1: '1 Main St',
  city: 'Dublin',
  postalCode: 'd02 xy45',
  country: 'IE',
  cardNumber: '4242 4242 4242 4242',
  expiry: '11/26',
  cvc: '123',
};

describe('test checkout form', () => {
  it('checks card numbers with Luhn', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4000000000000002')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
  });

  it('reads expiry dates and refuses expired cards', () => {
    expect(parseExpiry('07 / 29')).toEqual({ month: 7, year: 2029 });
    expect(parseExpiry('13/29')).toBeNull();
    const lastMonth = validateForm(readForm({ ...GOOD, expiry: '10/26' }), ['IE'], NOW);
    expect(lastMonth.ok ? null : lastMonth.errors.expiry).toBe(FIELD_MESSAGES.expired);
    expect(validateForm(readForm(GOOD), ['IE'], NOW).ok).toBe(true);
  });

  it('classifies the two test cards and anything else', () => {
    const outcome = (cardNumber: string) => {
      const r = validateForm(readForm({ ...GOOD, cardNumber }), ['IE'], NOW);
      return r.ok ? r.card : 'invalid';
    };
    expect(outcome('4242424242424242')).toBe('success');
    expect(outcome('4000 0000 0000 0002')).toBe('declined');
    expect(outcome('5555 5555 5555 4444')).toBe('unsupported');
    expect(outcome('1234')).toBe('invalid');
  });

  it('requires every field, limits the country to the zone and refuses control characters', () => {
    const empty = validateForm(readForm({}), ['IE'], NOW);
    expect(empty.ok).toBe(false);
    if (!empty.ok) expect(Object.keys(empty.errors).sort()).toEqual(Object.keys(GOOD).sort());
    const wrongCountry = validateForm(readForm({ ...GOOD, country: 'FR' }), ['IE'], NOW);
    expect(wrongCountry.ok ? null : wrongCountry.errors.country).toBe(FIELD_MESSAGES.country);
    const injected = validateForm(readForm({ ...GOOD, name: 'A\nBcc: x@y.z' }), ['IE'], NOW);
    expect(injected.ok ? null : injected.errors.name).toBe(FIELD_MESSAGES.name);
    // A C1 next line, and text that reads backwards or hides behind zero-width characters.
    const others = validateForm(
      readForm({ ...GOOD, name: 'A\u0085Bcc', line1: '3 \u202eShop St', city: 'Gal\u200bway' }),
      ['IE'],
      NOW,
    );
    expect(others.ok ? null : [others.errors.name, others.errors.line1, others.errors.city]).toEqual([
      FIELD_MESSAGES.name,
      FIELD_MESSAGES.line1,
      FIELD_MESSAGES.city,
    ]);
  });

  it('ignores non-string and prototype fields', () => {
    const form = readForm(Object.assign(Object.create(null), { ...GOOD, name: ['x'], __proto__: 'y' }));
    expect(form.name).toBe('');
    const ok = validateForm(readForm(GOOD), ['IE'], NOW);
    expect(ok.ok && ok.shipping?.address.postalCode).toBe('D02 XY45');
  });

  it('takes the expiry as typed on a phone keypad and the card number with or without its spaces', () => {
    const keypad = validateForm(
      readForm({ ...GOOD, expiry: '1230', cardNumber: '4242424242424242' }),
      ['IE'],
      NOW,
    );
    expect(keypad.ok && keypad.card).toBe('success');
    const typedShort = validateForm(readForm({ ...GOOD, expiry: '123' }), ['IE'], NOW);
    expect(typedShort.ok ? null : typedShort.errors.expiry).toBe(FIELD_MESSAGES.expiry);
  });

  it('keeps an optional second address line, refusing control characters in it', () => {
    const withLine2 = validateForm(readForm({ ...GOOD, line2: 'Apartment 4' }), ['IE'], NOW);
    expect(withLine2.ok && withLine2.shipping?.address.line2).toBe('Apartment 4');
    const without = validateForm(readForm(GOOD), ['IE'], NOW);
    expect(without.ok && without.shipping?.address.line2).toBeNull();
    const injected = validateForm(readForm({ ...GOOD, line2: 'A\r\nBcc: x@y.z' }), ['IE'], NOW);
    expect(injected.ok ? null : injected.errors.line2).toBe(LINE2_MESSAGE);
  });

  it('asks no address of gift cards alone: the card pays, and the payment carries none', () => {
    const cardOnly = { email: GOOD.email, cardNumber: GOOD.cardNumber, expiry: GOOD.expiry, cvc: GOOD.cvc };
    const paid = validateForm(readForm(cardOnly), null, NOW);
    expect(paid).toEqual({ ok: true, card: 'success', shipping: null });
    // Address fields sent anyway are not read; the card's own fields are still checked.
    const extra = validateForm(readForm({ ...cardOnly, country: 'XX', name: 'A\nBcc: x@y.z' }), null, NOW);
    expect(extra).toEqual({ ok: true, card: 'success', shipping: null });
    const noCvc = validateForm(readForm({ ...cardOnly, cvc: '' }), null, NOW);
    expect(noCvc.ok ? null : noCvc.errors).toEqual({ cvc: FIELD_MESSAGES.cvc });
  });
});
