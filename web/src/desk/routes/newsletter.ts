/** The campaigns, one campaign (a new one has no id yet) and the subscribers. Parsed and written here alone (docs/architecture.md: the desk's routes). */
import type { DeskRouteParser } from '../desk-router';

declare module '../desk-router' {
  interface DeskRoutes {
    campaigns: { readonly id: 'campaigns' };
    /** `campaignId` null: a new campaign. */
    campaign: { readonly id: 'campaign'; readonly campaignId: string | null };
    subscribers: { readonly id: 'subscribers' };
  }
}

export const newsletterHref = {
  campaigns: () => '#/newsletter',
  newCampaign: () => '#/newsletter/new',
  campaign: (id: string) => `#/newsletter/${encodeURIComponent(id)}`,
  subscribers: () => '#/newsletter/subscribers',
};

export const parseNewsletterHash: DeskRouteParser = (parts) => {
  if (parts[0] !== 'newsletter') return null;
  if (parts[1] === 'subscribers') return { id: 'subscribers' };
  if (parts[1]) return { id: 'campaign', campaignId: parts[1] === 'new' ? null : parts[1] };
  return { id: 'campaigns' };
};
