/**
 * /error-test: triggers each kind of error the tracker captures, so the owner can check that logging
 * works end to end (open ?debug=1 to watch the entries arrive).
 */
import { useState } from 'react';
import { trackedFetch } from '../../features/error-tracking/tracked-fetch';
import { logCheckoutEvent } from '../../features/events/events';
import { Link } from '../../lib/router';
import { BUTTON_SECONDARY, ToolLayout } from './tool-layout';

/** An API path that does not exist: the server answers 404 JSON. */
export const FAILING_ENDPOINT = '/api/error-test/missing';

function RenderBomb(): never {
  throw new Error('Test render error from /error-test');
}

export function ErrorTestPage() {
  const [explode, setExplode] = useState(false);
  const [status, setStatus] = useState('');

  const actions = [
    {
      label: 'Throw a render error',
      help: 'A component throws while rendering; the page shows the error screen.',
      run: () => setExplode(true),
    },
    {
      label: 'Throw an uncaught error',
      help: 'An error thrown outside React, caught by the global handler.',
      run: () => {
        setStatus('Uncaught error thrown.');
        // Thrown from a timer so it reaches window.onerror like any real uncaught error.
        window.setTimeout(() => {
          throw new Error('Test uncaught error from /error-test');
        }, 0);
      },
    },
    {
      label: 'Reject a promise',
      help: 'A promise rejection nobody handles.',
      run: () => {
        setStatus('Unhandled promise rejection triggered.');
        void Promise.reject(new Error('Test unhandled rejection from /error-test'));
      },
    },
    {
      label: 'Make a failing request',
      help: `GET ${FAILING_ENDPOINT} through the tracked fetch (answers 404).`,
      run: async () => {
        setStatus('Request sent…');
        try {
          const response = await trackedFetch(FAILING_ENDPOINT);
          setStatus(`Request answered HTTP ${response.status}; logged as a network entry.`);
        } catch (err) {
          setStatus(`Request failed (${(err as Error).message}); logged as a network entry.`);
        }
      },
    },
    {
      label: 'Log a checkout event',
      help: 'Writes a checkout-type entry, as the checkout does on trouble.',
      run: () => {
        logCheckoutEvent('Test checkout event from /error-test', { source: 'error-test' });
        setStatus('Checkout event logged.');
      },
    },
  ];

  return (
    <ToolLayout
      title="Error Test"
      intro={
        <p>
          Each button triggers one kind of error so you can check the error tracker. Entries stay in this
          browser;{' '}
          <Link to="/error-test?debug=1" className="underline hover:text-wine">
            open the debug console
          </Link>{' '}
          to see them.
        </p>
      }
    >
      {explode ? <RenderBomb /> : null}
      <ul className="grid gap-4 sm:grid-cols-2">
        {actions.map((a) => (
          <li key={a.label} className="flex flex-col gap-3 rounded-2xl border border-line bg-white p-5">
            <p className="text-sm text-muted">{a.help}</p>
            <button type="button" className={`${BUTTON_SECONDARY} mt-auto`} onClick={() => void a.run()}>
              {a.label}
            </button>
          </li>
        ))}
      </ul>
      <p role="status" className="mt-6 min-h-6 text-sm">
        {status}
      </p>
    </ToolLayout>
  );
}
