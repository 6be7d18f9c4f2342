/** Today (docs/product/desk.md §10.11): the day's work, the desk's first screen, a maker's too. */

import { type DeskScreens, OWNER_AND_MAKER } from '../desk-screens';
import { makingHref, parseMakingHash } from '../routes/making';
import { TodayPage } from './today-page';

export const makingScreens: DeskScreens = {
  parse: parseMakingHash,
  nav: [{ id: 'today', label: 'Today', href: makingHref.today() }],
  // A welcome link opened while signed in lands on Today.
  routes: {
    today: { section: 'today', roles: OWNER_AND_MAKER },
    welcome: { section: 'welcome', roles: OWNER_AND_MAKER },
  },
  render: (route) => (route.id === 'today' || route.id === 'welcome' ? <TodayPage /> : null),
};
