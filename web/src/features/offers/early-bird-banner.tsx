/**
 * The Bespoke & Corporate page's early-bird words (docs/product.md §2.10): the owner's live terms from
 * /runtime-env.js, read after hydration. The prerendered page and the first render say a neutral sentence
 * that holds whatever the terms, so the HTML never shows a price that has changed or ended; the second line
 * keeps its room in every state, so filling in the terms moves nothing below.
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
      <p className="mt-2 text-lg">
        {terms ? (
          <>
            <strong>{terms.percent}% off</strong> orders of {terms.minPieces}+ pieces placed until{' '}
            {terms.lastDay}, applied in the cart automatically.
          </>
        ) : terms === null ? (
          EARLY_BIRD_TEXTS.none
        ) : (
          EARLY_BIRD_TEXTS.neutral
        )}
      </p>
      <p className={`mt-1 text-sm text-cream/90 ${terms ? '' : 'invisible'}`} aria-hidden={!terms}>
        {EARLY_BIRD_TEXTS.christmas}
      </p>
    </>
  );
}
