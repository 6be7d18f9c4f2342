import { lazy } from 'react';
import { CORPORATE } from '../../../domain/config';
import { toast } from '../components/ui/toast';
import { Tooltip } from '../components/ui/tooltip';
import { EarlyBirdOffer } from '../features/offers/early-bird-banner';
import { SELLER } from '../features/settings/seller-footer';
import { Link } from '../lib/router';
import { FACTS } from './legal/policy-facts';

// A chunk of its own: the page's own chunk stays within its budget (docs/product/quality-budgets.md §9.2). The server's
// rendering waits for it, so the page's HTML carries the whole form. No Suspense boundary of its own: it
// suspends the page's (app.tsx), so the page hydrates, and the presses held before it are replayed, only
// once the form can answer them; in a boundary of its own it would hydrate after the replay, which then
// reached no handler.
const EnquiryForm = lazy(() =>
  import('../features/enquiries/enquiry-form').then((m) => ({ default: m.EnquiryForm })),
);

export const ENQUIRY_SUBJECTS = {
  general: 'Bespoke & corporate enquiry',
  occasion: 'Bespoke enquiry: wedding or special occasion',
  corporate: `Corporate order enquiry (${CORPORATE.minimumPieces}+ pieces)`,
} as const;

export function enquiryMailto(subject: string): string {
  return `mailto:${SELLER.email}?subject=${encodeURIComponent(subject)}`;
}

async function copyEmail(): Promise<void> {
  try {
    // navigator.clipboard is missing outside secure contexts; the TypeError lands in the catch below.
    await navigator.clipboard.writeText(SELLER.email);
    toast.success('Email copied to clipboard!');
  } catch {
    toast.error(`Couldn't copy automatically. Our address is ${SELLER.email}`);
  }
}

const PRIMARY_BUTTON =
  'inline-flex min-h-12 items-center justify-center rounded-full bg-wine px-8 py-3 font-medium text-cream hover:bg-wine-dark';
const SECONDARY_BUTTON =
  'inline-flex min-h-12 items-center justify-center gap-2 rounded-full border border-wine bg-white px-6 py-3 font-medium text-wine hover:bg-sand';
const TEXT_LINK = 'font-medium text-wine underline hover:text-wine-dark';

const OCCASIONS = [
  'Bridesmaid and wedding-party gifts in your wedding colours',
  'Matching bracelets for mothers, sisters and best friends',
  'Communion, confirmation and milestone-birthday keepsakes',
  'Hen parties, reunions and retirement gifts',
] as const;

const CORPORATE_IDEAS = [
  'Thank-you gifts for clients and partners',
  'Welcome gifts for new team members',
  'Colours chosen to suit your brand',
  'Gifts for events, conferences and staff celebrations',
] as const;

const STEPS = [
  {
    title: 'Tell us',
    text: 'Send us the form below, or an e-mail, with the occasion, how many pieces you need, the colours you like and the date you need them by.',
  },
  {
    title: 'Agree the design',
    text: 'We reply with bead and colour suggestions, a price per piece and a delivery date, so you know everything before you commit.',
  },
  {
    title: 'We make them',
    text: 'Each piece is hand-strung to order in our studio and checked, wrapped and posted to you or to each recipient.',
  },
] as const;

function CheckIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="mt-1 h-4 w-4 shrink-0 text-wine"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
    >
      <path d="M5 12.5l4.5 4.5L19 7.5" />
    </svg>
  );
}

export function BespokeCorporatePage() {
  return (
    <article>
      <header className="mx-auto max-w-3xl px-4 pt-12 pb-10 text-center sm:pt-16">
        <p className="text-sm font-semibold uppercase tracking-widest text-muted">Made for your occasion</p>
        <h1 className="mt-3 text-4xl leading-tight sm:text-5xl">Bespoke &amp; Corporate Services</h1>
        <p className="mt-6 text-lg leading-relaxed">
          From a handful of bridesmaid bracelets to gifts for your whole team, we design and hand-string
          pieces for the moments that matter, with the same care as everything in our collection.
        </p>
      </header>

      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-12 md:grid-cols-2">
        <section
          aria-labelledby="occasions"
          className="flex flex-col rounded-2xl border border-line bg-white p-6 sm:p-8"
        >
          <h2 id="occasions" className="text-2xl">
            Weddings &amp; Special Occasions
          </h2>
          <p className="mt-4 leading-relaxed">
            We can adapt any design in the shop or create a new one with you: your colours, your beads and a
            length made for each wrist.
          </p>
          <ul className="mt-5 space-y-3">
            {OCCASIONS.map((item) => (
              <li key={item} className="flex gap-3">
                <CheckIcon />
                <span>{item}</span>
              </li>
            ))}
          </ul>
          <p className="mt-auto pt-6">
            <a href={enquiryMailto(ENQUIRY_SUBJECTS.occasion)} className={TEXT_LINK}>
              Enquire about an occasion
            </a>
          </p>
        </section>

        <section
          aria-labelledby="corporate"
          className="flex flex-col rounded-2xl border border-line bg-white p-6 sm:p-8"
        >
          <h2 id="corporate" className="text-2xl">
            Corporate &amp; Bulk Orders
          </h2>
          <p className="mt-4 leading-relaxed">
            Handmade gifts that people keep. Corporate and bulk orders start at a minimum of{' '}
            <strong>{CORPORATE.minimumPieces} pieces</strong>, in one design or a mix.
          </p>
          <ul className="mt-5 space-y-3">
            {CORPORATE_IDEAS.map((item) => (
              <li key={item} className="flex gap-3">
                <CheckIcon />
                <span>{item}</span>
              </li>
            ))}
          </ul>
          <p className="mt-auto pt-6">
            <a href={enquiryMailto(ENQUIRY_SUBJECTS.corporate)} className={TEXT_LINK}>
              Enquire about a corporate order
            </a>
          </p>
        </section>
      </div>

      {/* After the bulk orders it is about, below the first screen: with no offer now it leaves (moving
          nothing in view). */}
      <EarlyBirdOffer className="mx-auto max-w-4xl px-4 pb-12" />

      <section aria-labelledby="how-it-works" className="bg-sand">
        <div className="mx-auto max-w-6xl px-4 py-14">
          <h2 id="how-it-works" className="text-center text-3xl">
            How It Works
          </h2>
          <ol className="mt-10 grid gap-6 md:grid-cols-3">
            {STEPS.map((step, i) => (
              <li key={step.title} className="rounded-2xl border border-line bg-cream p-6">
                <span aria-hidden="true" className="font-serif text-3xl text-wine">
                  {i + 1}
                </span>
                <h3 className="mt-2 text-xl">{step.title}</h3>
                <p className="mt-2 leading-relaxed text-muted">{step.text}</p>
              </li>
            ))}
          </ol>
          <p className="mx-auto mt-8 max-w-2xl text-center leading-relaxed">
            Our standard pieces take {FACTS.production} to make; larger and bespoke orders need longer, and we
            always confirm a date with you before you order.
          </p>
        </div>
      </section>

      <section aria-labelledby="contact" className="mx-auto max-w-3xl px-4 py-14 text-center">
        <h2 id="contact" className="text-3xl">
          Get in Touch
        </h2>
        <p className="mt-4 text-lg leading-relaxed">
          Tell us about your order with the form below. We answer every enquiry personally.
        </p>
        <EnquiryForm />
        <p className="mt-10 text-lg leading-relaxed">
          Prefer e-mail? Write to{' '}
          <a href={enquiryMailto(ENQUIRY_SUBJECTS.general)} className={TEXT_LINK}>
            {SELLER.email}
          </a>
          .
        </p>
        <div className="mt-6 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <a href={enquiryMailto(ENQUIRY_SUBJECTS.general)} className={SECONDARY_BUTTON}>
            Email Us
          </a>
          <Tooltip content="Click to copy email">
            <button type="button" onClick={() => void copyEmail()} className={SECONDARY_BUTTON}>
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                className="h-5 w-5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              >
                <rect x="9" y="9" width="11" height="11" rx="2" />
                <path d="M5 15V5a2 2 0 0 1 2-2h10" />
              </svg>
              Copy email
            </button>
          </Tooltip>
        </div>
      </section>

      <section aria-labelledby="bespoke-shop" className="mx-auto max-w-3xl px-4 pb-8 text-center">
        <h2 id="bespoke-shop" className="text-2xl">
          Looking for a single gift?
        </h2>
        <p className="mt-3 text-muted">Every bracelet in our collection is made to order, ready in days.</p>
        <Link to="/shop" className={`mt-6 ${PRIMARY_BUTTON}`}>
          Shop the Collection
        </Link>
      </section>
    </article>
  );
}
