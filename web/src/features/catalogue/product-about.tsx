import type { ReactNode } from 'react';
import { CARE_INSTRUCTIONS } from '../../../../domain/catalogue/product-samples';
import type { CatalogueProduct as Product } from '../../../../domain/catalogue/snapshot';
import { POLICY, productionDaysText } from '../../../../domain/config';
import { cents, formatEuroShort } from '../../../../domain/shared/money';
import { ChevronIcon, HandIcon, LockIcon, ReturnIcon, TruckIcon } from '../../components/ui/icons';
import { ProductReviewsList, useProductReviews } from '../reviews';
import { useIrishFreeFrom } from '../settings';

/**
 * Below the product page's buttons: Full Details, Care Instructions and Customer Reviews (the published
 * reviews of buyers, docs/product/settled-choices.md §8.13) as collapsible sections, then the trust badges.
 */
export function ProductAbout({ product }: { product: Product }) {
  const reviews = useProductReviews(product.id);
  const freeFrom = useIrishFreeFrom();
  return (
    <>
      <div className="mt-8 divide-y divide-line border-y border-line">
        <Collapsible title="Full Details">
          {product.fullDescription.split(/\n{2,}/).map((paragraph) => (
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
        <Collapsible title="Customer Reviews">
          <ProductReviewsList data={reviews} />
        </Collapsible>
      </div>

      <ul className="mt-8 grid grid-cols-2 gap-3 text-sm" aria-label="Why shop with us">
        <TrustBadge
          icon={<LockIcon className="h-5 w-5" />}
          title="Secure Payment"
          text="Encrypted checkout"
        />
        {freeFrom === null ? null : (
          <TrustBadge
            icon={<TruckIcon className="h-5 w-5" />}
            title="Free Shipping"
            text={`orders from ${formatEuroShort(cents(freeFrom))}`}
          />
        )}
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
