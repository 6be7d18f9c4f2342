/**
 * The owner's order desk (docs/product/desk.md §10.10): sign-in with a passkey (docs/security.md), then Today (the day's work, §10.11), the orders,
 * one order, packing slips and exports. The session is a server-side session in an HttpOnly cookie; the desk itself keeps no token
 * anywhere, so it learns whether it is signed in by asking (nobody, or a 401 later, shows the sign-in screen).
 */
import { useCallback, useEffect, useState } from 'react';
import { type Me, PEOPLE_MESSAGES } from '../../../domain/people/people-api';
import { catalogueScreens } from './catalogue/screens';
import { customersScreens } from './customers/screens';
import { DeskApiError, deskApi } from './desk-api';
import { type DeskRoute, navigate, parseDeskHash, useDeskHash } from './desk-router';
import type { DeskNavItem, DeskScreenRoute, DeskScreens } from './desk-screens';
import { enquiriesScreens } from './enquiries/screens';
import { fulfilmentScreens } from './fulfilment/screens';
import { giftCardsScreens } from './gift-cards/screens';
import { makingScreens } from './making/screens';
import { manualOrdersScreens } from './manual-orders/screens';
import { materialsScreens } from './materials/screens';
import { newsletterScreens } from './newsletter/screens';
import { numbersScreens } from './numbers/screens';
import { offersScreens } from './offers/screens';
import { DeskPersonContext, useDeskPerson } from './people/desk-person';
import { PasskeyPrompt } from './people/passkey-prompt';
import { peopleApi } from './people/people-api';
import { peopleScreens } from './people/screens';
import { SignInPage } from './people/sign-in-page';
import { WelcomePage } from './people/welcome-page';
import { quotesScreens } from './quotes/screens';
import { reviewsScreens } from './reviews/screens';
import { makingHref } from './routes/making';
import { peopleHref } from './routes/people';
import { settingsScreens } from './settings/screens';
import { SessionEndedContext } from './ui/desk-hooks';
import { buttonClass, ErrorMessage, Loading, PageHeading } from './ui/desk-ui';
import { NavCount } from './ui/nav-count';

/**
 * Every desk feature's screens (its `screens.tsx`), in the navigation's order. A feature's lazy screens
 * load only when opened: the packing bench's phone never downloads the products.
 */
const SCREENS: readonly DeskScreens[] = [
  makingScreens,
  // The new order's `#/orders/new` before fulfilment's `#/orders/{reference}`.
  manualOrdersScreens,
  fulfilmentScreens,
  numbersScreens,
  catalogueScreens,
  reviewsScreens,
  offersScreens,
  enquiriesScreens,
  quotesScreens,
  customersScreens,
  // After the enquiries: on a phone the first nine sections keep their cells, and a new enquiry's count
  // must stay in sight; gift cards are opened less often.
  giftCardsScreens,
  materialsScreens,
  newsletterScreens,
  settingsScreens,
  peopleScreens,
];

const NAV: readonly DeskNavItem[] = SCREENS.flatMap((screens) => screens.nav);

const PARSERS = SCREENS.map((screens) => screens.parse);

/** The route of a desk hash: the first feature's that knows it, or the first screen, Today. */
export function deskRouteOf(hash: string): DeskRoute {
  return parseDeskHash(hash, PARSERS) ?? { id: 'today' };
}

/** The screens that show `id`, and its section and roles. */
function screenOf(
  id: DeskRoute['id'],
): { readonly screens: DeskScreens; readonly route: DeskScreenRoute } | null {
  for (const screens of SCREENS) {
    const route = screens.routes[id];
    if (route) return { screens, route };
  }
  return null;
}

type Session =
  | { readonly state: 'checking' }
  | { readonly state: 'in'; readonly me: Me; readonly needsPasskey: boolean }
  | { readonly state: 'out'; readonly message: string | null; readonly signedOut?: boolean };

export function DeskApp() {
  const [session, setSession] = useState<Session>({ state: 'checking' });
  const route = deskRouteOf(useDeskHash());

  // Who is signed in, asked at start and after a sign-in or a new passkey (nobody shows the sign-in).
  const check = useCallback(() => {
    let current = true;
    peopleApi.me().then(
      (answer) => {
        if (!current) return;
        // Nobody signed in is an answer, not a 401: a first start logs no error.
        if (answer.person === null) setSession({ state: 'out', message: null });
        else setSession({ state: 'in', me: answer.person, needsPasskey: answer.needsPasskey });
      },
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
  useEffect(check, [check]);

  const sessionEnded = useCallback((message: string) => setSession({ state: 'out', message }), []);
  const signedIn = useCallback(() => {
    if (deskRouteOf(window.location.hash).id === 'welcome') navigate(makingHref.today());
    check();
  }, [check]);

  if (route.id === 'welcome' && session.state !== 'in') {
    return <WelcomePage key={route.token} token={route.token} onSignedIn={signedIn} />;
  }
  if (session.state === 'checking') {
    return (
      <main id="main" className="mx-auto max-w-md px-4 py-16">
        <Loading label="Opening the order desk…" />
      </main>
    );
  }
  if (session.state === 'out') {
    return (
      <SignInPage message={session.message} onSignedIn={signedIn} autofill={session.signedOut !== true} />
    );
  }
  return (
    <SessionEndedContext.Provider value={sessionEnded}>
      <DeskPersonContext.Provider
        value={{ person: session.me, needsPasskey: session.needsPasskey, refresh: check }}
      >
        <SignedIn
          onSignedOut={() => setSession({ state: 'out', message: 'You are signed out.', signedOut: true })}
        />
      </DeskPersonContext.Provider>
    </SessionEndedContext.Provider>
  );
}

/**
 * A phone's navigation is two rows of five cells: when the sections do not fit, the first nine keep
 * their cells and the tenth is More, which lists the rest. From 640 px every section is in the row.
 */
const PHONE_CELLS = 10;

function inMore(nav: readonly DeskNavItem[], index: number): boolean {
  return nav.length > PHONE_CELLS && index >= PHONE_CELLS - 1;
}

const navCellClass =
  'flex min-h-11 w-full flex-wrap content-center items-center justify-center rounded-lg px-1 text-center text-[13px] leading-tight hover:bg-sand aria-[current=page]:bg-sand aria-[current=page]:font-semibold';

/**
 * The sections a phone's two rows leave out, behind a native disclosure (keyboard and screen readers
 * know it without script). Remounted on every route change, so it closes once a section is chosen.
 */
function MoreSections({
  items,
  section,
}: {
  readonly items: readonly DeskNavItem[];
  readonly section: string;
}) {
  const current = items.some((item) => item.id === section);
  return (
    <details key={section} className="group w-full">
      <summary
        aria-current={current ? 'true' : undefined}
        className={`${navCellClass} cursor-pointer list-none group-open:bg-sand aria-[current=true]:bg-sand aria-[current=true]:font-semibold [&::-webkit-details-marker]:hidden`}
      >
        More
      </summary>
      <ul className="absolute top-full right-0 z-20 mt-1 w-44 rounded-xl border border-line bg-white p-1 shadow-lg">
        {items.map((item) => (
          <li key={item.id}>
            <a
              href={item.href}
              aria-current={section === item.id ? 'page' : undefined}
              className="flex min-h-11 items-center rounded-lg px-3 text-sm hover:bg-sand aria-[current=page]:bg-sand aria-[current=page]:font-semibold"
            >
              {item.label}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}

function NotForYourRole() {
  return (
    <>
      <PageHeading>Not for your role</PageHeading>
      <div className="mt-4">
        <ErrorMessage>{PEOPLE_MESSAGES.forbidden}</ErrorMessage>
      </div>
    </>
  );
}

function SignedIn({ onSignedOut }: { readonly onSignedOut: () => void }) {
  const { person } = useDeskPerson();
  const owner = person.role === 'owner';
  // A maker's navigation shows the screens her role opens (the server grants the rest to owners).
  const nav = NAV.filter((item) => owner || screenOf(item.id)?.route.roles.includes(person.role));
  const hash = useDeskHash();
  const route = deskRouteOf(hash);
  const [signingOut, setSigningOut] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const shown = screenOf(route.id);
  const section = shown?.route.section ?? route.id;

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
        {/* On a phone the first nine sections and More are two rows of five (a name too long for its cell takes
            two lines; More holds the rest)
            under the title and Sign out; from 1024 px the navigation sits between them, wrapping inside its
            own space, so Sign out never breaks. */}
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-2 sm:gap-x-6 px-4 py-3 lg:flex-nowrap">
          <p className="shrink-0 font-serif text-lg text-wine">
            Solas <span className="text-muted">· Order desk</span>
          </p>
          <nav aria-label="Desk" className="order-3 w-full lg:order-none lg:w-auto lg:min-w-0 lg:flex-1">
            <ul className="grid grid-cols-5 gap-1 sm:flex sm:flex-wrap">
              {nav.map((item, index) => (
                <li key={item.id} className={inMore(nav, index) ? 'hidden sm:flex' : 'flex'}>
                  <a
                    href={item.href}
                    aria-current={section === item.id ? 'page' : undefined}
                    className={`${navCellClass} sm:w-auto sm:rounded-full sm:px-3 sm:text-sm`}
                  >
                    {item.label}
                    {item.count && owner ? <NavCount load={item.count} /> : null}
                  </a>
                </li>
              ))}
              {nav.length > PHONE_CELLS ? (
                <li className="relative flex sm:hidden">
                  <MoreSections items={nav.slice(PHONE_CELLS - 1)} section={section} />
                </li>
              ) : null}
            </ul>
          </nav>
          <a
            href={peopleHref.account()}
            aria-current={section === 'account' ? 'page' : undefined}
            className="ml-auto inline-flex min-h-11 shrink-0 items-center text-sm underline hover:text-wine aria-[current=page]:font-semibold"
            aria-label={`${person.name}: your passkeys and devices`}
          >
            {person.name}
          </a>
          <button
            type="button"
            className={`${buttonClass.secondary} shrink-0 whitespace-nowrap`}
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
      <PasskeyPrompt />
      <main id="main" tabIndex={-1} className="mx-auto max-w-6xl px-4 py-6 focus:outline-none sm:py-8">
        {/* Every screen a maker may open, her own account and an order's page with them; any other, opened
            by its address, shows only that her role does not allow it (none of its forms or buttons the
            server refuses). */}
        {owner || shown?.route.roles.includes(person.role) ? (
          shown?.screens.render(route, { onSignedOut })
        ) : (
          <NotForYourRole />
        )}
      </main>
    </>
  );
}
