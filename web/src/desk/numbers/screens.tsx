/** Exports and Numbers: the owner's. */
import { type DeskScreens, OWNER } from '../desk-screens';
import { numbersHref, parseNumbersHash } from '../routes/numbers';
import { ExportsPage } from './exports-page';
import { NumbersPage } from './numbers-page';

export const numbersScreens: DeskScreens = {
  parse: parseNumbersHash,
  nav: [
    { id: 'exports', label: 'Exports', href: numbersHref.exports() },
    { id: 'numbers', label: 'Numbers', href: numbersHref.numbers() },
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
