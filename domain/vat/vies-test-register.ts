/**
 * The built-in test register (docs/product/vat.md §20.5): in TEST MODE (no Stripe key) with no `VIES_URL`,
 * business buyers' numbers are checked against these few made-up traders instead of VIES, as the TEST
 * checkout takes Stripe's test cards, so an owner can try a business order before going live. Any other
 * number of the right form is not in the register (DE999999999, say): refused as VIES would refuse it.
 */
export interface TestTrader {
  readonly name: string;
  readonly address: string;
}

export const VIES_TEST_REGISTER: Readonly<Record<string, TestTrader>> = {
  DE123456789: { name: 'Testhandel GmbH', address: 'Teststraße 1, 10115 Berlin' },
  FR12345678901: { name: 'Essai SARL', address: '1 rue de l’Essai, 75002 Paris' },
  XI123456789: { name: 'Test Traders Ltd', address: '1 Test Street, Belfast BT1 1AA' },
};

/** The consultation number a test register's answer carries (VIES gives a real one). */
export const VIES_TEST_CONSULTATION = 'TEST-REGISTER';

/** The key of /runtime-env.js that tells the storefront the test register is in use. */
export const VIES_TEST_REGISTER_ENV = 'VIES_TEST_REGISTER';

/** What the storefront's VAT-number field says while the test register checks the numbers. */
export const VIES_TEST_REGISTER_HINT = `TEST MODE: numbers are checked against a built-in test register, not VIES. ${Object.keys(
  VIES_TEST_REGISTER,
).join(', ')} are valid; any other (DE999999999) is not.`;
