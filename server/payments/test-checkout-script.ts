/**
 * The test checkout page's script: test-checkout-assets/test-checkout.ts and the domain rules it imports
 * (browser and server check the form with the same code), built by Vite with the rest of the front end
 * (vite.test-checkout.config.ts) into one classic script in dist/web, at the path the page loads it from.
 * The server serves it as a file like the shop's other assets. No imports here: the Vite config reads it.
 */

/** The script's URL on the shop, and its file under dist/web. */
export const TEST_CHECKOUT_SCRIPT = '/test-checkout/assets/test-checkout.js';

/** The script's source, from the repository's root. */
export const TEST_CHECKOUT_SCRIPT_SOURCE = 'server/payments/test-checkout-assets/test-checkout.ts';
