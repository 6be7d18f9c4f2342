/** Today's route: the desk's first screen (an unknown path lands there too). Parsed and written here alone (docs/architecture.md: the desk's routes). */
import type { DeskRouteParser } from '../desk-router';

declare module '../desk-router' {
  interface DeskRoutes {
    today: { readonly id: 'today' };
  }
}

export const makingHref = {
  today: () => '#/',
};

export const parseMakingHash: DeskRouteParser = (parts, search) =>
  parts.length === 0 && search === '' ? { id: 'today' } : null;
