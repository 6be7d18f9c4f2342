import { BRAND, FLAG_NAMES, LIMITS, STORAGE_KEYS, TIMINGS_MS } from '../../../../domain/config';
import { Link } from '../../lib/router';
import { LegalLayout, type LegalSection } from './legal-layout';
import { FACTS, pluralize } from './policy-facts';

interface StoredItem {
  readonly names: readonly string[];
  readonly purpose: string;
}

interface StorageGroup {
  readonly title: string;
  readonly items: readonly StoredItem[];
}

const DAY_MS = 24 * 60 * 60 * 1000;
const promoHideDays = pluralize(Math.round(TIMINGS_MS.promoHideFor / DAY_MS), 'day');

/**
 * Everything the shop writes to the browser's storage (STORAGE_KEYS in domain/config.ts, plus the
 * feature-flag overrides). A key added there must be described here too; the page test checks it.
 */
export const STORAGE_GROUPS: readonly StorageGroup[] = [
  {
    title: 'Your bag and checkout',
    items: [
      { names: [STORAGE_KEYS.cart], purpose: 'The bracelets in your bag and how many of each.' },
      {
        names: [STORAGE_KEYS.zone],
        purpose: 'The delivery destination you chose, so the right fee is shown.',
      },
      { names: [STORAGE_KEYS.giftWrap], purpose: 'Whether you asked for gift wrapping.' },
      {
        names: [STORAGE_KEYS.giftCards],
        purpose:
          'The gift cards in your bag: each amount, its recipient’s name and e-mail, message and send date, until your order is paid.',
      },
      {
        names: [STORAGE_KEYS.discountCode],
        purpose: 'The discount code you applied, until you remove it or your order is paid.',
      },
      {
        names: [STORAGE_KEYS.checkoutEmail],
        purpose: 'The e-mail address you entered at checkout, while your order is being completed.',
      },
    ],
  },
  {
    title: 'Your lists',
    items: [
      { names: [STORAGE_KEYS.wishlist], purpose: 'The bracelets you saved to your wishlist.' },
      { names: [STORAGE_KEYS.compare], purpose: 'The bracelets you chose to compare.' },
      {
        names: [STORAGE_KEYS.recentlyViewed],
        purpose: 'The bracelets you looked at recently, shown in the shop.',
      },
    ],
  },
  {
    title: 'Display choices',
    items: [
      {
        names: [STORAGE_KEYS.announcementDismissed],
        purpose: 'That you closed the announcement bar at the top.',
      },
      {
        names: [STORAGE_KEYS.promoHideUntil],
        purpose: `That you closed the "Shop the collection" promotion, so it stays hidden for ${promoHideDays}.`,
      },
    ],
  },
  {
    title: 'Troubleshooting',
    items: [
      {
        names: [STORAGE_KEYS.errorLog, STORAGE_KEYS.pathHistory],
        purpose:
          `A technical log of the last ${LIMITS.errorLogMax} errors the shop met in your browser and the last ` +
          `${LIMITS.pathHistoryMax} pages visited, so that you can show us what went wrong if you ask for help.`,
      },
      {
        names: [STORAGE_KEYS.events, STORAGE_KEYS.lastCheckoutSuccessAt, STORAGE_KEYS.lastCheckoutError],
        purpose:
          'The steps of your checkouts and the time of the last success or error, for the same reason.',
      },
      {
        names: FLAG_NAMES,
        purpose: 'Settings for testing new features; only written if you use the hidden testing panel.',
      },
      {
        names: [STORAGE_KEYS.adminToken],
        purpose:
          "For the shop's owner only: the key entered in the image editor, kept until that browser tab is closed.",
      },
    ],
  },
];

function StorageTable({ group }: { group: StorageGroup }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-line bg-white">
      <table className="w-full border-collapse text-left text-[13px] sm:text-sm">
        <caption className="px-4 pt-4 pb-2 text-left font-medium">{group.title}</caption>
        <thead>
          <tr className="border-b border-line bg-sand/60">
            <th scope="col" className="w-2/5 px-2 py-3 font-semibold sm:px-4">
              Name
            </th>
            <th scope="col" className="px-2 py-3 font-semibold sm:px-4">
              What it is for
            </th>
          </tr>
        </thead>
        <tbody>
          {group.items.map((item) => (
            <tr key={item.names.join()} className="border-b border-line align-top last:border-b-0">
              <td className="px-2 py-3 sm:px-4">
                {item.names.map((name) => (
                  <code key={name} className="block break-all font-mono text-xs leading-6">
                    {name}
                  </code>
                ))}
              </td>
              <td className="px-2 py-3 sm:px-4">{item.purpose}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'short-version',
    title: 'The short version',
    body: (
      <ul>
        <li>Our website sets no cookies of its own.</li>
        <li>We use no analytics, no advertising and no third-party trackers.</li>
        <li>
          To make the shop work, we keep a few things, such as your bag and wishlist, in your browser&rsquo;s
          local storage on your own device. They are listed below.
        </li>
        <li>When you pay, our payment provider&rsquo;s page sets its own cookies for security.</li>
      </ul>
    ),
  },
  {
    id: 'local-storage',
    title: 'What we keep on your device',
    body: (
      <>
        <p>
          Local storage is a small space in your browser that a website can use, much like a cookie, except
          that it is never sent to our server with your requests. The law on cookies (in Ireland, the ePrivacy
          Regulations) applies to it in the same way, so here is everything {BRAND.name} stores there and why.
        </p>
        {STORAGE_GROUPS.map((group) => (
          <StorageTable key={group.title} group={group} />
        ))}
        <p>
          None of this leaves your device on its own. Your bag&rsquo;s contents, delivery destination and gift
          wrapping choice, and the e-mail address you enter, are sent to us only when you go to checkout, to
          create your order. The troubleshooting log stays in your browser unless you choose to copy it into a
          message to us.
        </p>
      </>
    ),
  },
  {
    id: 'how-long',
    title: 'How long it is kept',
    body: (
      <>
        <p>
          Local storage has no expiry date of its own: each item stays on your device until you change it in
          the shop (for example by emptying your bag or removing a bracelet from your wishlist), or until you
          clear this site&rsquo;s data in your browser. When your order is confirmed, the shop empties your
          bag and forgets the checkout e-mail address by itself. Private or incognito windows clear everything
          when you close them.
        </p>
        <p>
          To remove everything at once, open your browser&rsquo;s settings, find the site data (or cookies and
          site data) for this shop and delete it. Your bag, lists and choices will then be reset.
        </p>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies and analytics',
    body: (
      <>
        <p>
          We do not use cookies or analytics today. If we ever add them, we will update this policy first and
          keep to these limits:
        </p>
        <ul>
          <li>
            <strong>Analytics cookies</strong> would only be set after you agree, through a clear choice you
            can change at any time, and would last no longer than {FACTS.analyticsMax}.
          </li>
          <li>
            <strong>Preference cookies</strong>, which remember choices you make in the shop, would last no
            longer than {FACTS.preferencesMax}.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'third-parties',
    title: 'Third parties',
    body: (
      <p>
        Every page, font and image of this shop comes from our own server. Our social media links are plain
        links: nothing from those networks loads until you click one, and then their own policies apply.
      </p>
    ),
  },
  {
    id: 'payment',
    title: 'The payment page',
    body: (
      <p>
        When you pay, you leave this shop for the secure page of our payment provider, Stripe. That page sets
        cookies that it needs to process your payment safely and to prevent fraud; they are described in{' '}
        <a href="https://stripe.com/cookies-policy/legal" rel="noopener noreferrer">
          Stripe&rsquo;s cookie policy
        </a>
        . How we handle the details of your order is explained in our{' '}
        <Link to="/privacy-policy">Privacy Policy</Link>.
      </p>
    ),
  },
];

export function CookiePolicyPage() {
  return (
    <LegalLayout
      title="Cookie Policy"
      intro={
        <p>
          {BRAND.name} keeps only what the shop needs in your own browser, and nothing that follows you around
          the web. Here is exactly what that is.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
