import { describe, expect, it } from 'vitest';
import { SELLER } from '../domain/config';
import { ConfigError, loadConfig } from './config';

describe('SELLER_* and VAT_RATE', () => {
  it('default to the placeholders and 23%, flagged as placeholders', () => {
    const { seller, production } = loadConfig({});
    expect(seller).toEqual({
      name: SELLER.legalName,
      address: SELLER.address,
      vatNumber: null,
      vatRate: 23,
      placeholder: true,
    });
    expect(production).toBe(false);
  });

  it('take the owner’s values', () => {
    const { seller } = loadConfig({
      SELLER_NAME: ' Aoife Nic Giolla, trading as Solas ',
      SELLER_ADDRESS: '3 Shop Street, Galway, Ireland',
      SELLER_VAT_NUMBER: 'IE1234567T',
      VAT_RATE: '13.5',
    });
    expect(seller).toEqual({
      name: 'Aoife Nic Giolla, trading as Solas',
      address: '3 Shop Street, Galway, Ireland',
      vatNumber: 'IE1234567T',
      vatRate: 13.5,
      placeholder: false,
    });
  });

  it('refuses a malformed VAT number or rate with a clear message', () => {
    expect(() => loadConfig({ SELLER_VAT_NUMBER: 'IE 123' })).toThrow(ConfigError);
    expect(() => loadConfig({ SELLER_VAT_NUMBER: 'IE 123' })).toThrow(
      /SELLER_VAT_NUMBER: must look like IE1234567T/,
    );
    expect(() => loadConfig({ VAT_RATE: '230' })).toThrow(/VAT_RATE: must be at most 100/);
    expect(() => loadConfig({ VAT_RATE: 'lots' })).toThrow(/VAT_RATE: must be a number of percent/);
  });
});

describe('the VAT number check in TEST MODE', () => {
  it('uses the built-in test register with no Stripe key and no VIES_URL, never otherwise', () => {
    expect(loadConfig({}).viesTestRegister).toBe(true);
    expect(loadConfig({ VIES_URL: 'https://vies.example/rest' }).viesTestRegister).toBe(false);
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' }).viesTestRegister).toBe(false);
  });
});
