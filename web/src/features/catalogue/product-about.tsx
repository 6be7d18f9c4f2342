import type { ReactNode } from 'react';
import type { Product } from '../../../../domain/catalogue';
import { fullDescription } from '../../../../domain/catalogue/full-descriptions';
import { CARE_INSTRUCTIONS, SAMPLE_REVIEWS } from '../../../../domain/catalogue/product-samples';
import {
  FREE_SHIPPING_THRESHOLD,
  POLICY,
  productionDaysText,
  SAMPLE_RATING,
} from '../../../../domain/config';
import { formatEuroShort } from '../../../../domain/money';
import { useFlag } from '../flags/use-flag';
import { ChevronIcon, HandIcon, LockIcon, ReturnIcon, TruckIcon } from './icons';
import { Stars } from './rating';

const FREE_OVER = formatEuroShort(FREE_SHIPPING_THRESHOLD);

/**
 * Below the product page's buttons: Full Details, Care Instructions and Customer Reviews (hidden by the
 * content_purge flag) as collapsible sections, then the trust badges.
 */
export function ProductAbout({ product }: { product: Product }) {
  const purge = useFlag('content_purge');
  return (
    <>
      <div className="mt-8 divide-y divide-line border-y border-line">
        <Collapsible title="Full Details">
          {fullDescription(product)
            .split(/\n{2,}/)
            .map((paragraph) => (
              <p key={paragraph.slice(0, 40)} className="mt-3 first:mt-0">
                {paragraph}
              </p>
            ))}
          <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted">Category</dt>
            <dd>{product.category}</dd>
            <dt className="text-muted">Materials</dt>
            <dd>{product.materials.join(', ')}</dd>
            <dt className="text-muted">Made to order</dt>
            <dd>Ready to ship in {productionDaysText()}</dd>
          </dl>
        </Collapsible>
        <Collapsible title="Care Instructions">
          <ul className="list-disc space-y-2 pl-5">
            {CARE_INSTRUCTIONS.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </Collapsible>
        {purge ? null : (
          <Collapsible title="Customer Reviews">
            <p className="flex items-center gap-2">
              <Stars rating={SAMPLE_RATING} />
              <span aria-hidden="true" className="text-sm font-medium">
                {SAMPLE_RATING} of {SAMPLE_RATING}
              </span>
            </p>
            <ul className="mt-4 space-y-5">
              {SAMPLE_REVIEWS.map((review) => (
                <li key={review.author}>
                  <figure>
                    <Stars rating={review.rating} />
                    <blockquote className="mt-1">{review.comment}</blockquote>
                    <figcaption className="mt-1 text-sm text-muted">
                      {review.author}, {review.date}
                    </figcaption>
                  </figure>
                </li>
              ))}
            </ul>
          </Collapsible>
        )}
      </div>

      <ul className="mt-8 grid grid-cols-2 gap-3 text-sm" aria-label="Why shop with us">
        <TrustBadge
          icon={<LockIcon className="h-5 w-5" />}
          title="Secure Payment"
          text="Encrypted checkout"
        />
        <TrustBadge
          icon={<TruckIcon className="h-5 w-5" />}
          title="Free Shipping"
          text={`orders from ${FREE_OVER}`}
        />
        <TrustBadge
          icon={<ReturnIcon className="h-5 w-5" />}
          title="Easy Returns"
          text={`${POLICY.returnsDays} Day Policy`}
        />
        <TrustBadge
          icon={<HandIcon className="h-5 w-5" />}
          title="Handcrafted"
          text="Made to order in Ireland"
        />
      </ul>
    </>
  );
}

function Collapsible({ title, children }: { title: string; children: ReactNode }) {
  return (
    <details className="group">
      <summary className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-4 py-3 font-medium [&::-webkit-details-marker]:hidden">
        <span>{title}</span>
        <ChevronIcon direction="down" className="h-5 w-5 transition-transform group-open:rotate-180" />
      </summary>
      <div className="pb-5 leading-relaxed">{children}</div>
    </details>
  );
}

function TrustBadge({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <li className="flex items-start gap-3 rounded-xl border border-line bg-white p-3">
      <span className="mt-0.5 text-wine">{icon}</span>
      <span>
        <span className="block font-semibold">{title}</span>
        <span className="block text-muted">{text}</span>
      </span>
    </li>
  );
}
