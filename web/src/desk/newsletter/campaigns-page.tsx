/**
 * The desk's Newsletter (docs/product/states.md §5.10): the campaigns, newest first, each with its state and
 * counts, a button to write a new one, and the way to the subscribers.
 */

import { newsletterHref } from '../routes/newsletter';
import { formatInstant } from '../ui/desk-format';
import { useDeskData } from '../ui/desk-hooks';
import { buttonClass, LoadedList, PageHeading } from '../ui/desk-ui';
import { newsletterApi } from './newsletter-api';

export const CAMPAIGN_STATUS_LABELS = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  sending: 'Sending',
  sent: 'Sent',
} as const;

export function CampaignsPage() {
  const [loaded] = useDeskData('campaigns', () => newsletterApi.campaigns());
  return (
    <div>
      <PageHeading>Newsletter</PageHeading>
      <p className="mt-1 text-sm text-muted">
        Campaigns go to confirmed subscribers only, each with its own one-click unsubscribe. No opens or
        clicks are tracked.
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <a className={buttonClass.primary} href={newsletterHref.newCampaign()}>
          New campaign
        </a>
        <a className={buttonClass.secondary} href={newsletterHref.subscribers()}>
          Subscribers
        </a>
      </div>
      <LoadedList
        loaded={loaded}
        loading="Loading the campaigns…"
        empty="No campaigns yet."
        isEmpty={(data) => data.length === 0}
      >
        {(campaigns) => (
          <ul className="mt-6 divide-y divide-line border-y border-line">
            {campaigns.map((c) => (
              <li key={c.id} className="py-3">
                <a
                  href={newsletterHref.campaign(c.id)}
                  className="font-medium text-wine underline underline-offset-4"
                >
                  {c.subject}
                </a>
                <p className="mt-1 text-sm text-muted">
                  {CAMPAIGN_STATUS_LABELS[c.status]}
                  {c.status === 'scheduled' && c.sendAt ? ` for ${formatInstant(c.sendAt)}` : null}
                  {c.status === 'sent' && c.sentAt ? ` ${formatInstant(c.sentAt)}` : null}
                  {c.status === 'sending' || c.status === 'sent'
                    ? ` · ${c.recipients} ${c.recipients === 1 ? 'recipient' : 'recipients'}, ${c.sent} sent`
                    : null}
                  {c.failed > 0 ? `, ${c.failed} failed` : null}
                </p>
              </li>
            ))}
          </ul>
        )}
      </LoadedList>
    </div>
  );
}
