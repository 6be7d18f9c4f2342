/**
 * A prerendered field a shopper can type into before the app hydrates (a slow phone): React keeps the
 * element but not the text, which is only in the DOM. On mount the field's own value is read and handed
 * to the state, as the "tell me when" form does too (components/ui/notify-form.tsx).
 */
import { type RefObject, useEffect, useRef } from 'react';

export function useTypedBeforeHydration<E extends HTMLInputElement | HTMLTextAreaElement>(
  keep: (typed: string) => void,
): RefObject<E | null> {
  const ref = useRef<E>(null);
  const keepRef = useRef(keep);
  useEffect(() => {
    const typed = ref.current?.value;
    if (typed) keepRef.current(typed);
  }, []);
  return ref;
}
