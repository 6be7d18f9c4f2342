/**
 * What a desk feature declares of its screens (its `screens.tsx`): its sections in the navigation, the
 * routes it shows (its `routes/<name>.ts`) with the section each belongs to and who may open them, and the screen
 * for a route. desk-app.tsx composes the features' declarations in the navigation's order.
 */
import type { ReactNode } from 'react';
import type { DeskRoute, DeskRouteParser } from './desk-router';

/** Who may open a screen: the owner everything; a maker makes and packs (docs/security.md). */
export type DeskRole = 'owner' | 'maker';

export interface DeskNavItem {
  /** The route id the section opens. */
  readonly id: DeskRoute['id'];
  readonly label: string;
  readonly href: string;
  /** A count beside the label for the owner (what waits for her), read again on every route change. */
  readonly count?: () => Promise<number>;
}

export interface DeskScreenRoute {
  /** The navigation section that is current while the route is open. */
  readonly section: string;
  /** Who may open it; anyone else sees only that their role does not allow it. */
  readonly roles: readonly DeskRole[];
}

/** What the screens are given besides their route. */
export interface DeskScreenContext {
  readonly onSignedOut: () => void;
}

export interface DeskScreens {
  /** Its routes in the hash (its `routes/<name>.ts`). */
  readonly parse: DeskRouteParser;
  readonly nav: readonly DeskNavItem[];
  readonly routes: Partial<Readonly<Record<DeskRoute['id'], DeskScreenRoute>>>;
  /** The screen for `route`, or null when the route is another feature's. */
  readonly render: (route: DeskRoute, context: DeskScreenContext) => ReactNode;
}

export const OWNER: readonly DeskRole[] = ['owner'];
export const OWNER_AND_MAKER: readonly DeskRole[] = ['owner', 'maker'];
