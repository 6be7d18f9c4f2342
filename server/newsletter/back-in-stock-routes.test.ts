/**
 * "Tell me when it's back" through the real app on one database: 202 for a paused product, 400 for an
 * active one; double opt-in; exactly one e-mail (photo, price, link) when the owner makes the product
 * active again, then the address is gone; an unconfirmed request gets nothing and goes after 7 days.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { shopSuite } from '../../tests/support/shop-suite';
import { outboxSettled, TEST_PUBLIC_URL } from '../../tests/support/test-app';
import { ROUTE_DIALECTS } from '../../tests/support/test-database';
import { startTestApp } from '../../tests/support/test-shop';
import { OUTBOX_DIR } from '../platform';
import { BACK_IN_STOCK_MESSAGES } from './back-in-stock-routes';
import { deleteUnconfirmedBackInStock } from './back-in-stock-store';
import { NEWSLETTER_MAIL_KINDS } from './mail-kinds';

const ADMIN_TOKEN = 'back-in-stock-test-admin-token';
const auth = { authorization: `Bearer ${ADMIN_TOKEN}`, origin: TEST_PUBLIC_URL };

describe.each(ROUTE_DIALECTS)('tell me when it’s back (%s)', (dialect) => {
  const shop = shopSuite(() =>
    startTestApp(dialect, { ADMIN_TOKEN, RATE_LIMITS: 'off' }, { campaigns: false }),
  );

  function mails(kind: string): string[] {
    let files: string[] = [];
    try {
      files = readdirSync(path.join(shop.dataDir, OUTBOX_DIR)).filter((f) => f.endsWith(`-${kind}.eml`));
    } catch {
      return [];
    }
    return files.map((f) =>
      readFileSync(path.join(shop.dataDir, OUTBOX_DIR, f), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '='),
    );
  }

  const notify = (id: string, email: string) =>
    shop.app.inject({
      method: 'POST',
      url: `/api/products/${id}/notify`,
      headers: { origin: TEST_PUBLIC_URL },
      payload: { email },
    });

  const setStatus = async (id: string, status: 'active' | 'paused') => {
    const res = await shop.app.inject({
      method: 'PATCH',
      url: `/api/admin/products/${id}`,
      headers: auth,
      payload: { status, note: status === 'paused' ? 'Back soon' : '' },
    });
    expect(res.statusCode).toBe(200);
  };

  it('answers 400 for an active product, 202 for a paused one, and sends one confirmation', async () => {
    const active = await notify('3', 'niamh@example.ie');
    expect(active.statusCode).toBe(400);
    expect(active.json()).toEqual({ ok: false, error: BACK_IN_STOCK_MESSAGES.active });
    await setStatus('3', 'paused');
    expect((await notify('3', 'niamh@example.ie')).statusCode).toBe(202);
    expect((await notify('3', 'NIAMH@example.ie')).statusCode).toBe(202);
    expect((await notify('3', 'pending@example.ie')).statusCode).toBe(202);
    expect((await notify('3', 'not an address')).statusCode).toBe(400);
    expect((await notify('99999', 'niamh@example.ie')).statusCode).toBe(404);
    await outboxSettled(shop.app);
    const confirmations = mails(NEWSLETTER_MAIL_KINDS.backInStockConfirmation);
    expect(confirmations.filter((m) => /^To: niamh@example\.ie$/m.test(m))).toHaveLength(1);
    expect(confirmations).toHaveLength(2);
  });

  it('confirms on the page’s POST only, then sends exactly one e-mail when the product is back', async () => {
    const mail =
      mails(NEWSLETTER_MAIL_KINDS.backInStockConfirmation).find((m) => /^To: niamh@example\.ie$/m.test(m)) ??
      '';
    const link = /(\/back-in-stock\/confirm\?token=[A-Za-z0-9_-]{32})/.exec(mail)?.[1] ?? '';
    expect(link).not.toBe('');
    const page = await shop.app.inject({ method: 'GET', url: link });
    expect(page.statusCode).toBe(200);
    expect((await shop.app.newsletter.backInStock.waitingCounts()).get('3') ?? 0).toBe(0);
    const token = new URL(link, TEST_PUBLIC_URL).searchParams.get('token') ?? '';
    const confirmed = await shop.app.inject({
      method: 'POST',
      url: link,
      headers: { origin: TEST_PUBLIC_URL, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${token}`,
    });
    expect(confirmed.statusCode).toBe(200);
    expect((await shop.app.newsletter.backInStock.waitingCounts()).get('3')).toBe(1);
    const desk = await shop.app.inject({ method: 'GET', url: '/api/admin/back-in-stock', headers: auth });
    expect(desk.json()).toEqual({ ok: true, waiting: { '3': 1 } });

    await setStatus('3', 'active');
    await expect.poll(() => mails(NEWSLETTER_MAIL_KINDS.backInStock).length, { timeout: 10_000 }).toBe(1);
    await outboxSettled(shop.app);
    const back = mails(NEWSLETTER_MAIL_KINDS.backInStock)[0] ?? '';
    const product = shop.app.catalogue.source.current().products.find((p) => p.id === '3');
    expect(back).toMatch(/^To: niamh@example\.ie$/m);
    expect(back).toContain(`${product?.name} is back at Solas`);
    expect(back).toContain(`${TEST_PUBLIC_URL}/product/3`);
    // The product block's photo as a JPEG (Outlook shows no WebP).
    expect(back).toMatch(/\/media\/mail\/[a-z0-9-]+-480\.jpg/);
    // The address is gone; pausing and resuming again sends nothing more, to nobody unconfirmed.
    expect((await shop.app.newsletter.backInStock.waitingCounts()).get('3') ?? 0).toBe(0);
    await setStatus('3', 'paused');
    await setStatus('3', 'active');
    await outboxSettled(shop.app);
    expect(mails(NEWSLETTER_MAIL_KINDS.backInStock)).toHaveLength(1);
  });

  it('deletes a request never confirmed after the retention period', async () => {
    const later = new Date(Date.now() + 8 * 86_400_000).toISOString();
    expect(await deleteUnconfirmedBackInStock(shop.app.platform.db, later)).toBe(1);
  });
});
