import { describe, expect, it } from 'vitest';
import { DEFAULT_SELLER, SELLER_ENV, sellerContactFromEnv, sellerFromEnv, sellerToEnv } from './seller';

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
