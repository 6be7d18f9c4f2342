import { useEffect, useState } from 'react';

/** This page's own URL (for the QR code), kept current when the hash changes; empty until mounted. */
export function useOwnUrl(): string {
  const [ownUrl, setOwnUrl] = useState('');
  useEffect(() => {
    setOwnUrl(window.location.href);
    const onHash = () => setOwnUrl(window.location.href);
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  return ownUrl;
}
