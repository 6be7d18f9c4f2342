import { describe, expect, it } from 'vitest';
import { DEFAULT_SELLER, SELLER_ENV, sellerContactFromEnv, sellerFromEnv, sellerToEnv } from './seller';
import { sellerTexts } from './seller-texts';

describe('the seller through /runtime-env.js', () => {
  const seller = {
    legalName: 'Aoife Byrne, trading as Solas',
    address: '4 Quay Street, Galway, Ireland',
    vatNumber: 'IE1234567T',
    vatRate: 13.5,
    email: 'aoife@galway-beads.example',
  };

  it('reads back what the server writes, contact e-mail included', () => {
    expect(sellerFromEnv(sellerToEnv(seller))).toEqual(seller);
  });

  it('reads the footer’s contact by the same names the server writes', () => {
    const env = { [SELLER_ENV.name]: 'N', [SELLER_ENV.address]: 'A', [SELLER_ENV.email]: 'e@x.example' };
    expect(sellerContactFromEnv(env)).toEqual({ legalName: 'N', address: 'A', email: 'e@x.example' });
  });

  it('falls back to the placeholders the pages were prerendered with', () => {
    expect(sellerFromEnv(undefined)).toEqual(DEFAULT_SELLER);
  });
});

describe("the seller's VAT on the legal pages (docs/product/vat.md §20.1)", () => {
  const registered = {
    legalName: 'Aoife Byrne',
    address: '4 Quay Street, Galway',
    vatNumber: 'IE1234567T',
    vatRate: 23,
    email: 'aoife@example.ie',
  };

  it('says not registered in mode none, even with a VAT number saved, and shows no number', () => {
    const texts = sellerTexts({ ...registered, vatMode: 'none' });
    expect(texts.vatPrices).toContain('is not currently registered for VAT');
    expect(texts.addressAndVat).not.toContain('IE1234567T');
  });

  it('says the Irish rate when registered in Ireland, and the destination rate under OSS', () => {
    expect(sellerTexts({ ...registered, vatMode: 'ireland' }).vatPrices).toBe(' VAT is included at 23%.');
    const oss = sellerTexts({ ...registered, vatMode: 'oss' });
    expect(oss.vatPrices).toContain('the rate of the EU country the order is delivered to (23% in Ireland)');
    expect(oss.addressAndVat).toContain('VAT number: IE1234567T.');
  });

  it('is not registered without a number whatever mode was saved', () => {
    expect(sellerTexts({ ...registered, vatNumber: null, vatMode: 'oss' }).vatPrices).toContain(
      'is not currently registered for VAT',
    );
  });

  it('carries the mode through /runtime-env.js', () => {
    const back = sellerFromEnv(sellerToEnv({ ...registered, vatMode: 'oss' }));
    expect(back.vatMode).toBe('oss');
    expect(sellerFromEnv({ ...sellerToEnv(registered), SELLER_VAT_MODE: 'bogus' }).vatMode).toBeUndefined();
  });
});
