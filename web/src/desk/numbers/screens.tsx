/** Exports and Numbers: the owner's. */
import { deskHref } from '../desk-router';
import { type DeskScreens, OWNER } from '../desk-screens';
import { ExportsPage } from './exports-page';
import { NumbersPage } from './numbers-page';

export const numbersScreens: DeskScreens = {
  nav: [
    { id: 'exports', label: 'Exports', href: deskHref.exports() },
    { id: 'numbers', label: 'Numbers', href: deskHref.numbers() },
  ],
  routes: {
    exports: { section: 'exports', roles: OWNER },
    numbers: { section: 'numbers', roles: OWNER },
  },
  render(route) {
    if (route.id === 'exports') return <ExportsPage />;
    if (route.id === 'numbers') return <NumbersPage key={route.params.toString()} params={route.params} />;
    return null;
  },
};
