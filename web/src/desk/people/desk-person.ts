/** Who is signed in to the desk, for every screen: the name shown, and what the role lets them see. */
import { createContext, useContext } from 'react';
import type { Me } from '../../../../domain/people/people-api';

export interface DeskPerson {
  readonly person: Me;
  /** Signed in without a passkey of their own yet: the desk prompts to register one. */
  readonly needsPasskey: boolean;
  /** Asks the server again (after a passkey was registered). */
  readonly refresh: () => void;
}

export const DeskPersonContext = createContext<DeskPerson>({
  person: { id: null, name: '', role: 'owner' },
  needsPasskey: false,
  refresh: () => {},
});

export const useDeskPerson = () => useContext(DeskPersonContext);

/** True for the owner: a maker sees no button the server would refuse her. */
export const useIsOwner = () => useDeskPerson().person.role === 'owner';
