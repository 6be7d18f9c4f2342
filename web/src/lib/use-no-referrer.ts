/**
 * For pages whose address carries a secret (the order page's and the quote page's key, in the hash):
 * while the page is shown, no link or resource request carries its address as Referer.
 */
import { useEffect } from 'react';

export function useNoReferrer(): void {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'referrer';
    meta.content = 'no-referrer';
    document.head.prepend(meta);
    return () => meta.remove();
  }, []);
}
