/**
 * The owner's order desk (docs/product.md §10.10): sign-in, then Today (the day's work, §10.11), the orders,
 * one order, packing slips and exports. The session is a server-side session in an HttpOnly cookie; the desk itself keeps no token
 * anywhere, so it learns whether it is signed in by asking (a 401 shows the sign-in screen).
 */
import { type FormEvent, lazy, Suspense, useCallback, useEffect, useId, useState } from 'react';
import { DeskApiError, deskApi } from './desk-api';
import { deskHref, parseDeskHash, useDeskHash } from './desk-router';
import { TodayPage } from './making/today-page';
import { ExportsPage } from './numbers/exports-page';
import { NumbersPage } from './numbers/numbers-page';
import { OrderPage } from './orders/order-page';
import { OrdersPage } from './orders/orders-page';
import { PackingSlipsPage } from './orders/packing-slips-page';
import { SessionEndedContext } from './ui/desk-hooks';
import { buttonClass, ErrorMessage, inputClass, Loading, PageHeading } from './ui/desk-ui';

// The Products screens load only when opened: the packing bench's phone never downloads them for orders.
const ProductsPage = lazy(() =>
  import('./catalogue/products-page').then((m) => ({ default: m.ProductsPage })),
);
const ProductPage = lazy(() => import('./catalogue/product-page').then((m) => ({ default: m.ProductPage })));
const QuotesPage = lazy(() => import('./quotes/quotes-page').then((m) => ({ default: m.QuotesPage })));
const QuotePage = lazy(() => import('./quotes/quotes-page').then((m) => ({ default: m.QuotePage })));
const CampaignsPage = lazy(() =>
  import('./newsletter/campaigns-page').then((m) => ({ default: m.CampaignsPage })),
);
const CampaignPage = lazy(() =>
  import('./newsletter/campaign-page').then((m) => ({ default: m.CampaignPage })),
);
const SubscribersPage = lazy(() =>
  import('./newsletter/subscribers-page').then((m) => ({ default: m.SubscribersPage })),
);

import { enquiriesApi } from './enquiries/enquiries-api';
import { EnquiriesPage, EnquiryPage } from './enquiries/enquiries-page';
import { DiscountsPage } from './offers/discounts-page';
import { reviewsApi } from './reviews/reviews-api';
import { ReviewsPage } from './reviews/reviews-page';
import { NavCount } from './ui/nav-count';

type Session =
  | { readonly state: 'checking' }
  | { readonly state: 'in' }
  | { readonly state: 'out'; readonly message: string | null };

export function DeskApp() {
  const [session, setSession] = useState<Session>({ state: 'checking' });

  useEffect(() => {
    let current = true;
    deskApi.session().then(
      () => current && setSession({ state: 'in' }),
      (err: unknown) => {
        if (!current) return;
        const unreachable = !(err instanceof DeskApiError) || err.status !== 401;
        setSession({
          state: 'out',
          message: unreachable && err instanceof DeskApiError ? err.message : null,
        });
      },
    );
    return () => {
      current = false;
    };
  }, []);

  const sessionEnded = useCallback((message: string) => setSession({ state: 'out', message }), []);

  if (session.state === 'checking') {
    return (
      <main id="main" className="mx-auto max-w-md px-4 py-16">
        <Loading label="Opening the order desk…" />
      </main>
    );
  }
  if (session.state === 'out') {
    return <SignIn message={session.message} onSignedIn={() => setSession({ state: 'in' })} />;
  }
  return (
    <SessionEndedContext.Provider value={sessionEnded}>
      <SignedIn onSignedOut={() => setSession({ state: 'out', message: 'You are signed out.' })} />
    </SessionEndedContext.Provider>
  );
}

function SignIn({
  message,
  onSignedIn,
}: {
  readonly message: string | null;
  readonly onSignedIn: () => void;
}) {
  const id = useId();
  const [token, setToken] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!token.trim()) {
      setError('Enter the owner token.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await deskApi.signIn(token.trim());
      onSignedIn();
    } catch (err) {
      const status = err instanceof DeskApiError ? err.status : 0;
      setError(
        status === 401 || status === 403
          ? 'That token is not right. Check it and try again.'
          : err instanceof DeskApiError
            ? err.message
            : 'Signing in failed. Try again.',
      );
      setBusy(false);
    }
  };

  return (
    <main id="main" className="mx-auto max-w-md px-4 py-12 sm:py-20">
      <p className="text-xs font-semibold tracking-[0.2em] text-muted uppercase">Solas</p>
      <PageHeading>Order desk</PageHeading>
      <p className="mt-2 text-muted">Sign in with the owner token to see and work on orders.</p>
      {message ? <p className="mt-4 rounded-lg bg-sand px-4 py-3 text-sm">{message}</p> : null}
      <form className="mt-6 space-y-4" onSubmit={submit} noValidate>
        <div>
          <label htmlFor={`${id}-token`} className="text-sm font-medium">
            Owner token
          </label>
          <input
            id={`${id}-token`}
            type="password"
            autoComplete="current-password"
            className={inputClass}
            value={token}
            onChange={(e) => setToken(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
        </div>
        {error ? (
          <p id={`${id}-error`} role="alert" className="text-sm text-danger">
            {error}
          </p>
        ) : null}
        <button type="submit" className={`${buttonClass.primary} w-full`} disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}

const NAV = [
  { id: 'today', label: 'Today', href: deskHref.today() },
  { id: 'orders', label: 'Orders', href: deskHref.orders() },
  { id: 'slips', label: 'Packing slips', href: deskHref.slips() },
  { id: 'exports', label: 'Exports', href: deskHref.exports() },
  { id: 'numbers', label: 'Numbers', href: deskHref.numbers() },
  { id: 'products', label: 'Products', href: deskHref.products() },
  { id: 'reviews', label: 'Reviews', href: deskHref.reviews() },
  { id: 'discounts', label: 'Discounts', href: deskHref.discounts() },
  { id: 'enquiries', label: 'Enquiries', href: deskHref.enquiries() },
  { id: 'quotes', label: 'Quotes', href: deskHref.quotes() },
  { id: 'campaigns', label: 'Newsletter', href: deskHref.campaigns() },
] as const;

function SignedIn({ onSignedOut }: { readonly onSignedOut: () => void }) {
  const hash = useDeskHash();
  const route = parseDeskHash(hash);
  const [signingOut, setSigningOut] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const section =
    route.id === 'order'
      ? 'orders'
      : route.id === 'product'
        ? 'products'
        : route.id === 'enquiry'
          ? 'enquiries'
          : route.id === 'quote'
            ? 'quotes'
            : route.id === 'campaign' || route.id === 'subscribers'
              ? 'campaigns'
              : route.id;

  const signOut = async () => {
    if (signingOut) return;
    setSigningOut(true);
    try {
      await deskApi.signOut();
      onSignedOut();
    } catch (err) {
      if (err instanceof DeskApiError && err.status === 401) onSignedOut();
      else {
        setError('Signing out failed. Try again.');
        setSigningOut(false);
      }
    }
  };

  return (
    <>
      {/* A button, not a #main link: the desk's routes live in the hash. */}
      <button
        type="button"
        onClick={() => document.getElementById('main')?.focus()}
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </button>
      <header className="border-b border-line bg-white print:hidden" data-print-hide>
        {/* On a phone the eleven sections are two rows of six (a name too long for its cell takes two lines)
            under the title and Sign out; from 1024 px the navigation sits between them, wrapping inside its
            own space, so Sign out never breaks. */}
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3 lg:flex-nowrap">
          <p className="shrink-0 font-serif text-lg text-wine">
            Solas <span className="text-muted">· Order desk</span>
          </p>
          <nav aria-label="Desk" className="order-3 w-full lg:order-none lg:w-auto lg:min-w-0 lg:flex-1">
            <ul className="grid grid-cols-6 gap-1 sm:flex sm:flex-wrap">
              {NAV.map((item) => (
                <li key={item.id} className="flex">
                  <a
                    href={item.href}
                    aria-current={section === item.id ? 'page' : undefined}
                    className="flex min-h-11 w-full flex-wrap content-center items-center justify-center rounded-lg px-0.5 text-center text-[12px] leading-tight hover:bg-sand aria-[current=page]:bg-sand aria-[current=page]:font-semibold sm:w-auto sm:rounded-full sm:px-3 sm:text-sm"
                  >
                    {item.label}
                    {item.id === 'reviews' ? <NavCount load={reviewsApi.pendingCount} /> : null}
                    {item.id === 'enquiries' ? <NavCount load={enquiriesApi.newCount} /> : null}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <button
            type="button"
            className={`${buttonClass.secondary} ml-auto shrink-0 whitespace-nowrap`}
            onClick={signOut}
            disabled={signingOut}
          >
            {signingOut ? 'Signing out…' : 'Sign out'}
          </button>
        </div>
        {error ? (
          <div className="mx-auto max-w-6xl px-4 pb-3">
            <ErrorMessage>{error}</ErrorMessage>
          </div>
        ) : null}
      </header>
      <main id="main" tabIndex={-1} className="mx-auto max-w-6xl px-4 py-6 focus:outline-none sm:py-8">
        {route.id === 'today' ? <TodayPage /> : null}
        {route.id === 'orders' ? <OrdersPage key={route.params.toString()} params={route.params} /> : null}
        {route.id === 'order' ? <OrderPage key={route.reference} reference={route.reference} /> : null}
        {route.id === 'slips' ? (
          <PackingSlipsPage key={route.reference ?? 'all'} reference={route.reference} />
        ) : null}
        {route.id === 'exports' ? <ExportsPage /> : null}
        {route.id === 'numbers' ? <NumbersPage key={route.params.toString()} params={route.params} /> : null}
        {route.id === 'products' || route.id === 'product' ? (
          <Suspense fallback={<Loading label="Opening the products…" />}>
            {route.id === 'products' ? (
              <ProductsPage />
            ) : (
              <ProductPage key={route.productId ?? 'new'} productId={route.productId} />
            )}
          </Suspense>
        ) : null}
        {route.id === 'reviews' ? <ReviewsPage key={route.status ?? 'all'} status={route.status} /> : null}
        {route.id === 'discounts' ? <DiscountsPage /> : null}
        {route.id === 'campaigns' || route.id === 'campaign' || route.id === 'subscribers' ? (
          <Suspense fallback={<Loading label="Opening the newsletter…" />}>
            {route.id === 'campaigns' ? <CampaignsPage /> : null}
            {route.id === 'campaign' ? (
              <CampaignPage key={route.campaignId ?? 'new'} campaignId={route.campaignId} />
            ) : null}
            {route.id === 'subscribers' ? <SubscribersPage /> : null}
          </Suspense>
        ) : null}
        {route.id === 'enquiries' ? (
          <EnquiriesPage key={route.status ?? 'all'} status={route.status} />
        ) : null}
        {route.id === 'enquiry' ? <EnquiryPage key={route.enquiryId} enquiryId={route.enquiryId} /> : null}
        {route.id === 'quotes' ? (
          <Suspense fallback={<Loading label="Opening the quotes…" />}>
            <QuotesPage creating={route.creating} enquiry={route.enquiry} from={route.from} />
          </Suspense>
        ) : null}
        {route.id === 'quote' ? (
          <Suspense fallback={<Loading label="Opening the quote…" />}>
            <QuotePage
              key={`${route.reference}-${route.editing}`}
              reference={route.reference}
              editing={route.editing}
            />
          </Suspense>
        ) : null}
      </main>
    </>
  );
}
