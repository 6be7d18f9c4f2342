import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseVatNumber } from '../../domain/vat/vat-number';
import { VIES_TEST_CONSULTATION, VIES_TEST_REGISTER } from '../../domain/vat/vies-test-register';
import { type FakeVies, startFakeVies } from '../../tests/support/fake-vies';
import { VIES_TIMEOUT_MS, viesClient } from './vies-client';

describe('the VIES check', () => {
  let vies: FakeVies;

  beforeEach(async () => {
    vies = await startFakeVies({ DE123456789: { name: 'Vogel GmbH', address: 'Hauptstr. 1\n10115 Berlin' } });
  });
  afterEach(async () => {
    await vies.close();
  });

  it('checks the form first: a number of the wrong form never leaves', async () => {
    expect(parseVatNumber('de 123.456.789')).toEqual({ prefix: 'DE', country: 'DE', number: '123456789' });
    expect(parseVatNumber('EL123456789')).toMatchObject({ prefix: 'EL', country: 'GR' });
    expect(parseVatNumber('GR123456789')).toBeNull();
    expect(parseVatNumber('DE12345')).toBeNull();
    expect(parseVatNumber('US123456789')).toBeNull();
    expect(await viesClient(vies.url).check('DE12345', 'IE1234567T')).toEqual({
      status: 'invalid',
      reason: 'format',
    });
    expect(vies.requests).toHaveLength(0);
  });

  it("a valid number: VIES's name, address and consultation number, asked with the owner's number", async () => {
    const answer = await viesClient(vies.url).check('DE 123456789', 'IE1234567T');
    expect(answer).toEqual({
      status: 'valid',
      vatNumber: 'DE123456789',
      country: 'DE',
      name: 'Vogel GmbH',
      address: 'Hauptstr. 1\n10115 Berlin',
      consultation: 'WAPI0000000001',
    });
    expect(vies.requests).toEqual([
      {
        countryCode: 'DE',
        vatNumber: '123456789',
        requesterMemberStateCode: 'IE',
        requesterNumber: '1234567T',
      },
    ]);
  });

  it('a number VIES does not know is invalid', async () => {
    expect(await viesClient(vies.url).check('DE999999999', 'IE1234567T')).toEqual({
      status: 'invalid',
      reason: 'register',
    });
  });

  it('no answer in time, an error, or no VIES_URL: unavailable', async () => {
    expect(VIES_TIMEOUT_MS).toBe(5_000);
    vies.mode = 'hang';
    expect(await viesClient(vies.url, { timeoutMs: 100 }).check('DE123456789', 'IE1234567T')).toEqual({
      status: 'unavailable',
    });
    vies.mode = 'fail';
    expect(await viesClient(vies.url).check('DE123456789', 'IE1234567T')).toEqual({ status: 'unavailable' });
    expect(await viesClient(null).check('DE123456789', 'IE1234567T')).toEqual({ status: 'unavailable' });
    expect(await viesClient('http://127.0.0.1:9').check('DE123456789', null)).toEqual({
      status: 'unavailable',
    });
  });

  it('TEST MODE with no VIES_URL: the built-in test register answers, and VIES is never asked', async () => {
    const register = viesClient(null, { testRegister: true });
    for (const [number, country] of [
      ['DE123456789', 'DE'],
      ['fr 12 345678901', 'FR'],
      ['XI123456789', 'XI'],
    ] as const) {
      expect(await register.check(number, 'IE1234567T')).toMatchObject({
        status: 'valid',
        vatNumber: number.replace(/\s/g, '').toUpperCase(),
        country,
        consultation: VIES_TEST_CONSULTATION,
      });
    }
    expect(Object.keys(VIES_TEST_REGISTER)).toEqual(['DE123456789', 'FR12345678901', 'XI123456789']);
    expect(await register.check('DE999999999', 'IE1234567T')).toEqual({
      status: 'invalid',
      reason: 'register',
    });
    expect(await register.check('DE12345', null)).toEqual({ status: 'invalid', reason: 'format' });
    // With a VIES_URL the register is never used: VIES answers.
    expect(await viesClient(vies.url, { testRegister: true }).check('FR12345678901', null)).toEqual({
      status: 'invalid',
      reason: 'register',
    });
    expect(vies.requests).toHaveLength(1);
  });
});
