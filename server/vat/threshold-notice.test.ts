/**
 * The threshold's notice through the real app: below 80% nothing; from 80% one e-mail to the owner a
 * calendar year through the outbox, however often it is checked; none once the shop is on OSS.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { irishDate } from '../../domain/shared/calendar-date';
import { formatDeadline, ossRegistrationDeadline } from '../../domain/vat/threshold';
import { vatBreakdown } from '../../domain/vat/vat-breakdown';
import { buildTestApp, outboxRows, tempDataDir } from '../../tests/support/test-app';
import {
  crossedMailSubject,
  noticeThresholdOnce,
  THRESHOLD_MAIL_KIND,
  THRESHOLD_MAIL_SUBJECT,
} from './threshold-notice';

const NOW = new Date('2026-11-20T12:00:00Z');
let app: FastifyInstance;
let remove: () => void;

beforeEach(async () => {
  const data = tempDataDir();
  remove = data.remove;
  app = await buildTestApp({
    DATA_DIR: data.dir,
    ADMIN_TOKEN: 'threshold-admin-token',
    SELLER_VAT_NUMBER: 'IE1234567T',
  });
});
afterEach(async () => {
  await app.close();
  remove();
});

async function sell(reference: string, gross: number, at = NOW): Promise<void> {
  const vat = vatBreakdown({
    mode: 'ireland',
    gb: 'no_sale',
    country: 'DE',
    business: null,
    day: '2026-11-20',
    lines: [{ gross }],
  });
  await app.platform.db.transaction().execute((trx) =>
    app.vat.recordSale(trx, {
      orderReference: reference,
      issuedAt: at,
      vat,
      lines: [{ description: 'Rings', quantity: 1 }],
      buyer: { name: 'Greta Vogel', address: 'Berlin', vatNumber: null },
    }),
  );
}

const deps = () => ({
  store: app.vat.store,
  mailFrom: app.platform.config.mailFrom,
  sales: (now: Date) => app.vat.distanceSales(now),
  crossedAt: (now: Date) => app.vat.crossedAt(now),
  mode: async () => (await app.vat.settings()).mode,
  ownerEmail: async () => (await app.settings.seller()).orderEmail,
  wakeOutbox: () => {},
});

const notices = async () => (await outboxRows(app)).filter((r) => r.kind === THRESHOLD_MAIL_KIND);

describe('the threshold notice', () => {
  it('is sent once a year from 80%, never below', async () => {
    await sell('SOL-AAAA0001', 900_000); // net €7,317.07: 73%
    expect(await noticeThresholdOnce(deps(), NOW)).toBe(false);
    expect(await notices()).toHaveLength(0);

    await sell('SOL-AAAA0002', 100_000); // net €8,130.08 in all: above 80%
    expect(await noticeThresholdOnce(deps(), NOW)).toBe(true);
    expect(await noticeThresholdOnce(deps(), NOW)).toBe(false);
    const [mail, ...more] = await notices();
    expect(more).toHaveLength(0);
    expect(mail?.subject).toBe(THRESHOLD_MAIL_SUBJECT);
    expect(mail?.recipient).toBe((await app.settings.seller()).orderEmail);
    expect(mail?.text_body).toMatch(/register for OSS in ROS/);

    // Crossed: one more e-mail, once, saying to register for OSS in ROS by the 10th of the next month.
    await sell('SOL-AAAA0003', 300_000);
    expect(await noticeThresholdOnce(deps(), NOW)).toBe(true);
    expect(await noticeThresholdOnce(deps(), NOW)).toBe(false);
    const crossed = (await notices())[1];
    expect(await notices()).toHaveLength(2);
    const deadline = formatDeadline(ossRegistrationDeadline(irishDate(NOW)));
    expect(crossed?.subject).toBe(crossedMailSubject(ossRegistrationDeadline(irishDate(NOW))));
    expect(crossed?.text_body).toContain(`Register for OSS in ROS by ${deadline}`);
    expect(crossed?.recipient).toBe((await app.settings.seller()).orderEmail);
    expect((await app.vat.distanceSales(NOW)).thisYear).toBeGreaterThan(1_000_000);
    const desk = await app.inject({
      method: 'GET',
      url: '/api/admin/vat/threshold',
      headers: { authorization: 'Bearer threshold-admin-token' },
    });
    expect(desk.json()).toMatchObject({ ok: true, threshold: 1_000_000, state: 'crossed' });
    expect((desk.json() as { notice: string }).notice).toContain(`Register for OSS in ROS by ${deadline}`);
  });

  it('says nothing once the shop is on OSS', async () => {
    await sell('SOL-AAAA0001', 1_000_000);
    const res = await app.inject({
      method: 'PATCH',
      url: '/api/admin/settings',
      headers: { authorization: 'Bearer threshold-admin-token' },
      payload: { vat: { mode: 'oss', gb: 'no_sale' } },
    });
    expect(res.statusCode).toBe(200);
    expect(await noticeThresholdOnce(deps(), NOW)).toBe(false);
    expect(await notices()).toHaveLength(0);
  });
});
