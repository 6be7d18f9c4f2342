/**
 * A platform authenticator in Chromium (the DevTools protocol's WebAuthn domain) with a resident key and
 * user verification, as a phone's: the desk's journeys register and use real passkeys with it.
 */
import type { Page } from '@playwright/test';

export async function virtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
}
