/**
 * The owner's admin token: typed into the page, kept in the tab's session storage (so it is gone when the
 * tab closes) once it is used, and forgotten when the server refuses it.
 */
import { type RefObject, useEffect, useRef, useState } from 'react';
import { STORAGE_KEYS } from '../../../../../domain/config';
import { readStored, removeStored, writeStored } from '../../../lib/browser-storage';

/** Session storage disabled: the token then lives only in this page's state. */
function storeToken(token: string): void {
  if (token) writeStored(STORAGE_KEYS.adminToken, token, 'session');
  else removeStored(STORAGE_KEYS.adminToken, 'session');
}

export interface AdminToken {
  readonly value: string;
  readonly error: string;
  readonly inputRef: RefObject<HTMLInputElement | null>;
  readonly change: (value: string) => void;
  readonly forget: () => void;
  /** Keeps the token for the rest of the session (it is about to be sent). */
  readonly remember: (token: string) => void;
  /** No token yet: says so and puts the focus in the field. */
  readonly ask: (message: string) => void;
  /** The server refused the token: says so and forgets the stored one (the field keeps it to correct). */
  readonly refuse: (message: string) => void;
}

export function useAdminToken(): AdminToken {
  const [value, setValue] = useState('');
  const [error, setError] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);

  // Read in an effect: the prerendered page and the first client render show an empty field.
  useEffect(() => {
    setValue(readStored(STORAGE_KEYS.adminToken, 'session') ?? '');
  }, []);

  return {
    value,
    error,
    inputRef,
    change(next) {
      setValue(next);
      setError('');
    },
    forget() {
      setValue('');
      storeToken('');
    },
    remember: storeToken,
    ask(message) {
      setError(message);
      inputRef.current?.focus();
    },
    refuse(message) {
      storeToken('');
      setError(message);
    },
  };
}
