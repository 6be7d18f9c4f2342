/**
 * The newsletter's confirmed subscribers on the desk (docs/product/states.md §5.10): how many, a search by
 * address, when and where each gave consent and confirmed it (the proof a regulator asks for), removing
 * one (an erasure request), and the list as CSV (the Exports' file).
 */
import { type FormEvent, useState } from 'react';
import { ADMIN_API } from '../../../../domain/orders/admin-api';
import { newsletterHref } from '../routes/newsletter';
import { formatInstant } from '../ui/desk-format';
import { useDeskAction, useDeskData } from '../ui/desk-hooks';
import { buttonClass, ErrorMessage, inputClass, LoadedList, PageHeading } from '../ui/desk-ui';
import { newsletterApi } from './newsletter-api';

const SOURCES: Readonly<Record<string, string>> = {
  home: 'the home page form',
  'coming-soon': 'the coming-soon page',
  website: 'the website',
};

/** "1 confirmed subscriber", "214 confirmed subscribers". */
export function subscriberCount(n: number): string {
  return `${n} confirmed ${n === 1 ? 'subscriber' : 'subscribers'}`;
}

export function SubscribersPage() {
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [loaded, reload] = useDeskData(`subscribers-${query}`, () => newsletterApi.subscribers(query));
  const [removed, setRemoved] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const remove = useDeskAction(async (submission: string, email: string) => {
    await newsletterApi.removeSubscriber(email, submission);
    setConfirming(null);
    setRemoved(email);
    reload();
  });
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setQuery(search.trim());
  };
  return (
    <div>
      <p className="text-sm">
        <a href={newsletterHref.campaigns()} className="text-wine underline underline-offset-4">
          Newsletter
        </a>
      </p>
      <PageHeading>Subscribers</PageHeading>
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <form aria-label="Search subscribers" onSubmit={onSearch} className="flex flex-wrap items-end gap-2">
          <div>
            <label htmlFor="subscriber-search" className="text-sm font-medium">
              Search by address
            </label>
            <input
              id="subscriber-search"
              type="search"
              className={inputClass}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
          <button type="submit" className={buttonClass.secondary}>
            Search
          </button>
        </form>
        <a className={buttonClass.secondary} href={ADMIN_API.newsletterCsv} download>
          Download CSV
        </a>
      </div>
      <p role="status" className="mt-3 text-sm text-success">
        {removed ? `${removed} was removed from the list.` : ''}
      </p>
      {remove.error ? <ErrorMessage>{remove.error}</ErrorMessage> : null}
      <LoadedList
        loaded={loaded}
        loading="Loading the subscribers…"
        empty={query ? 'No subscriber matches this search.' : 'Nobody has confirmed a subscription yet.'}
        isEmpty={(data) => data.subscribers.length === 0}
      >
        {(data) => (
          <>
            <p className="mt-4 text-sm">
              {query ? `${data.total} matching` : subscriberCount(data.total)}
              {data.total > data.subscribers.length ? ` (the newest ${data.subscribers.length} shown)` : ''}
            </p>
            <ul className="mt-2 divide-y divide-line border-y border-line">
              {data.subscribers.map((s) => (
                <li key={s.email} className="flex flex-wrap items-center gap-3 py-3">
                  <div className="min-w-0 flex-1">
                    <p className="break-all font-medium">{s.email}</p>
                    <p className="text-sm text-muted">
                      Signed up {formatInstant(s.signedUpAt)} on {SOURCES[s.source] ?? s.source}; confirmed{' '}
                      {formatInstant(s.confirmedAt)}
                    </p>
                  </div>
                  {confirming === s.email ? (
                    <div className="flex flex-wrap gap-2">
                      <button
                        type="button"
                        className={buttonClass.danger}
                        disabled={remove.busy}
                        onClick={() => void remove.run(s.email)}
                      >
                        {remove.busy ? 'Removing…' : `Yes, remove ${s.email}`}
                      </button>
                      <button
                        type="button"
                        className={buttonClass.secondary}
                        onClick={() => setConfirming(null)}
                      >
                        Keep
                      </button>
                    </div>
                  ) : (
                    <button
                      type="button"
                      className={buttonClass.secondary}
                      aria-label={`Remove ${s.email}`}
                      onClick={() => setConfirming(s.email)}
                    >
                      Remove
                    </button>
                  )}
                </li>
              ))}
            </ul>
          </>
        )}
      </LoadedList>
    </div>
  );
}
