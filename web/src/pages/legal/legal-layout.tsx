/**
 * Shared frame of the legal pages: title, "Last updated" date, a table of contents and the sections.
 *
 * The contents entries are buttons, not '#id' links: the address fragment belongs to the hash router, so a
 * fragment link would navigate away. Each button scrolls its section into view and moves focus to the
 * section heading, so keyboard and screen-reader users continue reading from there.
 */
import { type ReactNode, useEffect } from 'react';
import { BRAND } from '../../../../domain/config';
import { formatDayOfMonth, type IsoDate } from '../../../../domain/shared/calendar-date';
import { useCatalogue } from '../../features/catalogue-snapshot';
import { SELLER } from '../../features/settings/seller-footer';
import { Link, useSearchParams } from '../../lib/router';

/** When the legal texts were last revised; update with every material change. */
export const LEGAL_LAST_UPDATED = { dateTime: '2025-10', label: BRAND.buildMonth } as const;

/**
 * The pages' "Last updated": their text's revision, or the owner's last change of what they show from
 * her settings (the seller, the shipping zones; the snapshot's Irish date) when that is later.
 */
function useLastUpdated(): { readonly dateTime: string; readonly label: string } {
  const changed = useCatalogue().snapshot.shop?.legalUpdatedAt;
  if (!changed || changed.slice(0, 7) <= LEGAL_LAST_UPDATED.dateTime) return LEGAL_LAST_UPDATED;
  return { dateTime: changed, label: `${formatDayOfMonth(changed as IsoDate)} ${changed.slice(0, 4)}` };
}

export interface LegalSection {
  /** Unique within the page; becomes the heading's id. */
  readonly id: string;
  readonly title: string;
  readonly body: ReactNode;
}

export interface LegalLayoutProps {
  readonly title: string;
  readonly intro: ReactNode;
  readonly sections: readonly LegalSection[];
}

function headingId(sectionId: string): string {
  return `section-${sectionId}`;
}

function jumpTo(sectionId: string): void {
  const heading = document.getElementById(headingId(sectionId));
  if (!heading) return;
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  heading.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  heading.focus({ preventScroll: true });
}

/** Typography for the long-form text inside each section. */
const PROSE =
  'space-y-4 leading-relaxed text-ink [&_a]:text-wine [&_a]:underline [&_a:hover]:text-wine-dark ' +
  '[&_h3]:mt-6 [&_h3]:text-lg [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-5 [&_ol]:list-decimal ' +
  '[&_ol]:space-y-2 [&_ol]:pl-5 [&_strong]:font-semibold';

/** `?section=id` opens the page at that section (the "How reviews work" links of every review list). */
function useSectionFromQuery(): void {
  const [params] = useSearchParams();
  const section = params.get('section');
  useEffect(() => {
    if (section) jumpTo(section);
  }, [section]);
}

export function LegalLayout({ title, intro, sections }: LegalLayoutProps) {
  useSectionFromQuery();
  const updated = useLastUpdated();
  return (
    <article className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
      <header className="max-w-3xl">
        <h1 className="text-4xl sm:text-5xl">{title}</h1>
        <p className="mt-3 text-sm text-muted">
          Last updated: <time dateTime={updated.dateTime}>{updated.label}</time>
        </p>
        <div className="mt-6 text-lg leading-relaxed text-ink">{intro}</div>
      </header>

      <div className="mt-10 grid gap-10 lg:grid-cols-[16rem_1fr] lg:gap-14">
        <nav aria-labelledby="legal-contents" className="min-w-0 lg:sticky lg:top-32 lg:self-start">
          <div className="rounded-2xl border border-line bg-white/60 p-5">
            <h2 id="legal-contents" className="font-sans text-sm font-semibold uppercase tracking-wider">
              On this page
            </h2>
            <ol className="mt-3 space-y-1 text-sm">
              {sections.map((s) => (
                <li key={s.id}>
                  <button
                    type="button"
                    onClick={() => jumpTo(s.id)}
                    className="w-full rounded py-1.5 text-left text-ink underline decoration-line underline-offset-4 hover:text-wine hover:decoration-wine"
                  >
                    {s.title}
                  </button>
                </li>
              ))}
            </ol>
          </div>
        </nav>

        <div className="min-w-0 max-w-3xl space-y-12">
          {sections.map((s) => (
            <section key={s.id} aria-labelledby={headingId(s.id)}>
              <h2
                id={headingId(s.id)}
                tabIndex={-1}
                className="scroll-mt-24 text-2xl focus:outline-none focus-visible:outline-none lg:scroll-mt-32"
              >
                {s.title}
              </h2>
              <div className={`mt-4 ${PROSE}`}>{s.body}</div>
            </section>
          ))}

          <aside className="rounded-2xl border border-line bg-sand p-6">
            <h2 className="text-xl">Questions?</h2>
            <p className="mt-2 leading-relaxed">
              Write to us at{' '}
              <a href={`mailto:${SELLER.email}`} className="text-wine underline hover:text-wine-dark">
                {SELLER.email}
              </a>{' '}
              and a real person will answer. You can also read our{' '}
              <Link to="/privacy-policy" className="text-wine underline hover:text-wine-dark">
                Privacy Policy
              </Link>
              ,{' '}
              <Link to="/terms-conditions" className="text-wine underline hover:text-wine-dark">
                Terms &amp; Conditions
              </Link>
              ,{' '}
              <Link to="/returns-refunds" className="text-wine underline hover:text-wine-dark">
                Shipping &amp; Returns
              </Link>{' '}
              and{' '}
              <Link to="/cookie-policy" className="text-wine underline hover:text-wine-dark">
                Cookie Policy
              </Link>
              .
            </p>
          </aside>
        </div>
      </div>
    </article>
  );
}
