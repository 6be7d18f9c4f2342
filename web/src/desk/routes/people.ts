/** People, your own passkeys and devices, and an invitation's welcome screen. Parsed and written here alone (docs/architecture.md: the desk's routes). */
import type { DeskRouteParser } from '../desk-router';

declare module '../desk-router' {
  interface DeskRoutes {
    people: { readonly id: 'people' };
    /** Your passkeys and devices. */
    account: { readonly id: 'account' };
    /** An invitation's (or a setup link's) welcome screen, with the link's token. */
    welcome: { readonly id: 'welcome'; readonly token: string };
  }
}

export const peopleHref = {
  people: () => '#/people',
  account: () => '#/account',
};

export const parsePeopleHash: DeskRouteParser = (parts) => {
  if (parts[0] === 'people') return { id: 'people' };
  if (parts[0] === 'account') return { id: 'account' };
  if (parts[0] === 'welcome' && parts[1]) return { id: 'welcome', token: parts[1] };
  return null;
};
