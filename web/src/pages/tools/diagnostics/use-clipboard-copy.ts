import { useCallback, useState } from 'react';

export const COPY_SUCCESS = 'Diagnostics copied to clipboard — paste into ticket or chat.';
export const COPY_FAILURE = 'Copy to clipboard failed — please use Download JSON instead.';

export interface CopyMessage {
  readonly ok: boolean;
  readonly text: string;
}

/** Copies the snapshot's JSON and says how it went; a failure points to the download instead. */
export function useClipboardCopy() {
  const [message, setMessage] = useState<CopyMessage | null>(null);

  const copy = async (text: string): Promise<void> => {
    try {
      if (!navigator.clipboard) throw new Error('Clipboard unavailable');
      await navigator.clipboard.writeText(text);
      setMessage({ ok: true, text: COPY_SUCCESS });
    } catch {
      setMessage({ ok: false, text: COPY_FAILURE });
    }
  };
  // Stable, so the snapshot hook's run (and its automatic first run) does not restart on every render.
  const reset = useCallback(() => setMessage(null), []);

  return { message, copy, reset };
}
