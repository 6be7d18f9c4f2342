import { describe, expect, it } from 'vitest';
import { deskHref, parseDeskHash } from '../desk-router';
import { formatDay, parseEuroInput, statusLabel } from './desk-format';

describe('parseEuroInput', () => {
  it('reads euro amounts as cents, with a dot or a comma and an optional euro sign', () => {
    expect(parseEuroInput('12.50')).toBe(1250);
    expect(parseEuroInput('12,5')).toBe(1250);
    expect(parseEuroInput(' €5 ')).toBe(500);
    expect(parseEuroInput('0.01')).toBe(1);
  });

  it('refuses what is not an amount of euro with at most two decimals', () => {
    for (const text of ['', 'abc', '1.234', '-5', '1e3', '12.', '1 000'])
      expect(parseEuroInput(text)).toBeNull();
  });
});

describe('formatDay and statusLabel', () => {
  it('writes calendar dates without shifting them by a time zone', () => {
    expect(formatDay('2026-11-24')).toBe('24 Nov 2026');
    expect(formatDay('2026-01-01T00:30:00.000Z')).toBe('1 Jan 2026');
    expect(formatDay(null)).toBe('');
  });

  it("uses the contract's labels", () => {
    expect(statusLabel('in_production')).toBe('In production');
    expect(statusLabel('needs_review')).toBe('Needs review');
  });
});

describe('desk routes', () => {
  it('reads the screens from the hash and writes links back to them', () => {
    // Today is the first screen; the list is one link away.
    expect(parseDeskHash('')).toEqual({ id: 'today' });
    expect(parseDeskHash(deskHref.today())).toEqual({ id: 'today' });
    expect(parseDeskHash(deskHref.orders())).toMatchObject({ id: 'orders' });
    expect(parseDeskHash(deskHref.orders(new URLSearchParams('status=paid')))).toMatchObject({
      id: 'orders',
    });
    const list = parseDeskHash('#/?status=paid&q=aoife');
    expect(list.id === 'orders' && list.params.get('q')).toBe('aoife');
    expect(parseDeskHash(deskHref.order('SOL-1A2B3C4D'))).toEqual({ id: 'order', reference: 'SOL-1A2B3C4D' });
    expect(parseDeskHash(deskHref.slips())).toEqual({ id: 'slips', reference: null });
    expect(parseDeskHash(deskHref.slips('SOL-1'))).toEqual({ id: 'slips', reference: 'SOL-1' });
    expect(parseDeskHash(deskHref.exports())).toEqual({ id: 'exports' });
    expect(parseDeskHash('#/nonsense')).toEqual({ id: 'today' });
  });

  it('reads a quote, its change and its copy', () => {
    expect(parseDeskHash(deskHref.quotes())).toEqual({
      id: 'quotes',
      creating: false,
      enquiry: null,
      from: null,
    });
    expect(parseDeskHash(deskHref.newQuote('enq_1'))).toEqual({
      id: 'quotes',
      creating: true,
      enquiry: 'enq_1',
      from: null,
    });
    expect(parseDeskHash(deskHref.duplicateQuote('Q-ABCD2345'))).toEqual({
      id: 'quotes',
      creating: true,
      enquiry: null,
      from: 'Q-ABCD2345',
    });
    expect(parseDeskHash(deskHref.quote('Q-ABCD2345'))).toEqual({
      id: 'quote',
      reference: 'Q-ABCD2345',
      editing: false,
    });
    expect(parseDeskHash(deskHref.editQuote('Q-ABCD2345'))).toEqual({
      id: 'quote',
      reference: 'Q-ABCD2345',
      editing: true,
    });
  });
});
