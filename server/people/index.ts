/**
 * People: who signs in to the desk, with which role and passkeys (docs/security.md). Its tables belong to
 * the platform's security floor (security/people-store.ts), since the owner hook reads them on every
 * owner request; this feature holds the routes and the ceremonies.
 */
export type { PeopleStore, PersonRecord } from '../security/people-store';
export interface PeopleFace {
  readonly store: import('../security/people-store').PeopleStore;
}
export { deviceName } from './people-routes';
