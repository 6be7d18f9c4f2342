/** The newsletter: campaigns, a campaign and the subscribers, loaded when opened. */
import { lazy, Suspense } from 'react';
import { type DeskScreens, OWNER } from '../desk-screens';
import { newsletterHref, parseNewsletterHash } from '../routes/newsletter';
import { Loading } from '../ui/desk-ui';

const CampaignsPage = lazy(() => import('./campaigns-page').then((m) => ({ default: m.CampaignsPage })));
const CampaignPage = lazy(() => import('./campaign-page').then((m) => ({ default: m.CampaignPage })));
const SubscribersPage = lazy(() =>
  import('./subscribers-page').then((m) => ({ default: m.SubscribersPage })),
);

export const newsletterScreens: DeskScreens = {
  parse: parseNewsletterHash,
  nav: [{ id: 'campaigns', label: 'Newsletter', href: newsletterHref.campaigns() }],
  routes: {
    campaigns: { section: 'campaigns', roles: OWNER },
    campaign: { section: 'campaigns', roles: OWNER },
    subscribers: { section: 'campaigns', roles: OWNER },
  },
  render(route) {
    if (route.id !== 'campaigns' && route.id !== 'campaign' && route.id !== 'subscribers') return null;
    return (
      <Suspense fallback={<Loading label="Opening the newsletter…" />}>
        {route.id === 'campaigns' ? <CampaignsPage /> : null}
        {route.id === 'campaign' ? (
          <CampaignPage key={route.campaignId ?? 'new'} campaignId={route.campaignId} />
        ) : null}
        {route.id === 'subscribers' ? <SubscribersPage /> : null}
      </Suspense>
    );
  },
};
