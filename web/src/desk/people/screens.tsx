/** People (the owner's), and each person's own account. */
import { type DeskScreens, OWNER, OWNER_AND_MAKER } from '../desk-screens';
import { parsePeopleHash, peopleHref } from '../routes/people';
import { AccountPage } from './account-page';
import { PeoplePage } from './people-page';

export const peopleScreens: DeskScreens = {
  parse: parsePeopleHash,
  nav: [{ id: 'people', label: 'People', href: peopleHref.people() }],
  routes: {
    people: { section: 'people', roles: OWNER },
    account: { section: 'account', roles: OWNER_AND_MAKER },
  },
  render(route, { onSignedOut }) {
    if (route.id === 'people') return <PeoplePage />;
    if (route.id === 'account') return <AccountPage onSignedOut={onSignedOut} />;
    return null;
  },
};
