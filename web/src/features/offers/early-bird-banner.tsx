/**
 * The Bespoke & Corporate page's early-bird words (docs/product.md §2.10): the owner's live terms from
 * /runtime-env.js, read after hydration. The prerendered page and the first render say a neutral sentence
 * that holds whatever the terms, so the HTML never shows a price that has changed or ended. The neutral
 * sentence and the second line keep their room in every state (hidden, not removed), so filling in the
 * terms moves nothing below.
 */
import { useEffect, useState } from 'react';
import type { ShownEarlyBird } from '../../../../domain/early-bird';
import { browserEarlyBird } from './early-bird';

export const EARLY_BIRD_TEXTS = {
  neutral: 'Larger orders get our early-bird price while it runs, applied in the cart automatically.',
  none: 'There is no early-bird price at the moment.',
  christmas: 'Perfect for Christmas gifting: mention the offer in your e-mail.',
} as const;

export function EarlyBirdBanner() {
  const [terms, setTerms] = useState<ShownEarlyBird | null | undefined>(undefined);
  useEffect(() => setTerms(browserEarlyBird()), []);
  return (
    <>
      {/* One grid cell: the neutral words keep their room under the live ones, so the box never shrinks. */}
      <div className="mt-2 grid text-lg">
        <p className={`col-start-1 row-start-1 ${terms === undefined ? '' : 'invisible'}`}>
          {EARLY_BIRD_TEXTS.neutral}
        </p>
        {terms === undefined ? null : (
          <p className="col-start-1 row-start-1">
            {terms ? (
              <>
                <strong>{terms.percent}% off</strong> orders of {terms.minPieces}+ pieces placed until{' '}
                {terms.lastDay}, applied in the cart automatically.
              </>
            ) : (
              EARLY_BIRD_TEXTS.none
            )}
          </p>
        )}
      </div>
      <p className={`mt-1 text-sm text-cream/90 ${terms ? '' : 'invisible'}`}>{EARLY_BIRD_TEXTS.christmas}</p>
    </>
  );
}
