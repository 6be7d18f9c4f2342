/**
 * The €10,000 threshold's notices (docs/product/vat.md §20.4): after each paid order, the distance sales are
 * added up; while the shop is not on OSS the owner gets, through the outbox (the year's mark row and the
 * e-mail in one transaction), one e-mail a calendar year from 80%, and one when a sale crosses it, saying
 * to register for OSS in ROS by the 10th of the next month; Today and Numbers show the notice
 * (thresholdNotice) beside the figures.
 */

import { type IsoDate, irishDate } from '../../domain/shared/calendar-date';
import { escapeHtml } from '../../domain/shared/html';
import { type Cents, formatEuro } from '../../domain/shared/money';
import {
  type DistanceSales,
  EU_DISTANCE_THRESHOLD,
  formatDeadline,
  ossRegistrationDeadline,
  thresholdNotice,
  thresholdState,
} from '../../domain/vat/threshold';
import type { VatMode } from '../../domain/vat/vat-breakdown';
import { enqueueOneMail, outboxRow } from '../mail/outbox';
import { senderDomain } from '../mail/transport';
import type { VatStore } from './vat-store';

export const THRESHOLD_MAIL_KIND = 'vat-threshold-notice';
export const THRESHOLD_MAIL_SUBJECT = 'Your EU sales are nearing the €10,000 VAT threshold';
/** The crossing's e-mail: what to do and by when. */
export function crossedMailSubject(deadline: IsoDate | null): string {
  return `Your EU sales passed the €10,000 VAT threshold: register for OSS in ROS${deadline ? ` by ${formatDeadline(deadline)}` : ''}`;
}

export interface ThresholdNoticeDeps {
  readonly store: VatStore;
  readonly mailFrom: string;
  readonly sales: (now: Date) => Promise<DistanceSales>;
  /** The moment of the sale that took the year past the threshold (null: not crossed, or none yet). */
  readonly crossedAt: (now: Date) => Promise<string | null>;
  readonly mode: () => Promise<VatMode>;
  readonly ownerEmail: () => Promise<string>;
  readonly wakeOutbox: () => void;
}

/** Sends the year's notice when due and not yet sent; answers whether this call queued it. */
export async function noticeThresholdOnce(deps: ThresholdNoticeDeps, now = new Date()): Promise<boolean> {
  const mode = await deps.mode();
  const sales = await deps.sales(now);
  const state = thresholdState(sales);
  const crossed = state === 'crossed';
  const crossedAt = crossed ? await deps.crossedAt(now) : null;
  const deadline = crossedAt ? ossRegistrationDeadline(irishDate(new Date(crossedAt))) : null;
  const notice = thresholdNotice(state, mode, deadline);
  if (notice === null) return false;
  const year = Number(irishDate(now).slice(0, 4));
  const to = await deps.ownerEmail();
  const figures = `This year: ${formatEuro(sales.thisYear as Cents)} of ${formatEuro(EU_DISTANCE_THRESHOLD as Cents)}; last year: ${formatEuro(sales.lastYear as Cents)}.`;
  const queued = await deps.store.onceThresholdNotice(year, crossed ? 2 : 1, async (trx) => {
    await enqueueOneMail(
      trx,
      outboxRow(
        {
          orderId: null,
          reference: crossed ? `vat-threshold-crossed-${year}` : `vat-threshold-${year}`,
          kind: THRESHOLD_MAIL_KIND,
          to,
          subject: crossed ? crossedMailSubject(deadline) : THRESHOLD_MAIL_SUBJECT,
          text: `${notice}\n\n${figures}\n`,
          html: `<p>${escapeHtml(notice)}</p><p>${escapeHtml(figures)}</p>`,
        },
        senderDomain(deps.mailFrom),
        now.getTime(),
      ),
    );
  });
  if (queued) deps.wakeOutbox();
  return queued;
}
