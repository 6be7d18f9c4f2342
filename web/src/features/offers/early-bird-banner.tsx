/**
 * The Bespoke & Corporate page's early-bird box (docs/product/pages.md §2.10): the owner's live terms from
 * /runtime-env.js, read after hydration. The prerendered page and the first render say a neutral sentence
 * that holds whatever the terms, so the HTML never shows a price that has changed or ended. The neutral
 * sentence and the second line keep their room while the terms fill in, so that moves nothing below. With
 * no early-bird price now there is no box at all: the page places it below the first screen, so its
 * leaving moves nothing the shopper sees.
 */
import { useEffect, useState } from 'react';
import type { ShownEarlyBird } from '../../../../domain/offers/early-bird';
import { browserEarlyBird } from './early-bird';

export const EARLY_BIRD_TEXTS = {
  heading: 'Early bird offer',
  neutral: 'Larger orders get our early-bird price while it runs, applied in the cart automatically.',
  christmas: 'Perfect for Christmas gifting: mention the offer in your e-mail.',
} as const;

export function EarlyBirdOffer({ className = '' }: { className?: string }) {
  const [terms, setTerms] = useState<ShownEarlyBird | null | undefined>(undefined);
  useEffect(() => setTerms(browserEarlyBird()), []);
  if (terms === null) return null;
  return (
    <aside aria-labelledby="early-bird" className={className}>
      <div className="rounded-2xl border border-wine/30 bg-wine px-6 py-6 text-center text-cream sm:px-10">
        <h2 id="early-bird" className="text-2xl">
          {EARLY_BIRD_TEXTS.heading}
        </h2>
        {/* One grid cell: the neutral words keep their room under the live ones, so the box never shrinks. */}
        <div className="mt-2 grid text-lg">
          <p className={`col-start-1 row-start-1 ${terms === undefined ? '' : 'invisible'}`}>
            {EARLY_BIRD_TEXTS.neutral}
          </p>
          {terms === undefined ? null : (
            <p className="col-start-1 row-start-1">
              <strong>{terms.percent}% off</strong> orders of {terms.minPieces}+ pieces placed until{' '}
              {terms.lastDay}, applied in the cart automatically.
            </p>
          )}
        </div>
        <p className={`mt-1 text-sm text-cream/90 ${terms ? '' : 'invisible'}`}>
          {EARLY_BIRD_TEXTS.christmas}
        </p>
      </div>
    </aside>
  );
}
