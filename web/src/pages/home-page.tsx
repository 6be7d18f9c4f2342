import { type ReactNode, type RefObject, useRef } from 'react';
import { palettesSentence } from '../../../domain/catalogue/palettes';
import type { CatalogueProduct as Product } from '../../../domain/catalogue/snapshot';
import { BRAND } from '../../../domain/config';
import { SITE_IMAGES } from '../../../domain/media/images';
import { ANONYMOUS_NAME } from '../../../domain/reviews/review-links';
import { type Cents, formatEuroShort } from '../../../domain/shared/money';
import { HandIcon, SparkIcon, TruckIcon } from '../components/ui/icons';
import { ResponsiveImage } from '../components/ui/responsive-image';
import { FloatingPromo } from '../features/catalogue/floating-promo';
import { Hero } from '../features/catalogue/hero';
import { ProductCard } from '../features/catalogue/product-card';
import { useCatalogue } from '../features/catalogue-snapshot/catalogue-context';
import { NewsletterForm } from '../features/newsletter/newsletter-form';
import { HowReviewsWorkLink } from '../features/reviews/how-reviews-work-link';
import { useTestimonials } from '../features/reviews/reviews-data';
import { Link } from '../lib/router';

const CARD_SIZES = '(min-width: 1152px) 360px, (min-width: 768px) 31vw, 47vw';
const FEATURE_SIZES = '(min-width: 1152px) 560px, (min-width: 768px) 48vw, calc(100vw - 2rem)';

const TEXT_LINK =
  'inline-flex min-h-11 items-center gap-1 font-medium text-wine underline underline-offset-4 hover:text-wine-dark';
const OUTLINE_BUTTON =
  'inline-flex h-12 items-center justify-center rounded-full border border-ink px-7 font-medium hover:bg-sand';

export function HomePage() {
  const heroRef = useRef<HTMLElement>(null);
  const bestSellersRef = useRef<HTMLElement>(null);
  const { bestSellers, newArrivals, categories, snapshot } = useCatalogue();
  // The Irish zone's threshold as the owner set it (the snapshot's settings, which the server adds to every
  // page it renders), read here rather than through the settings hooks: the home page's first load has no
  // room for them. No threshold, or no settings (a page the server could not render with them): no claim.
  const free = snapshot.shop?.shipping.zones.find((zone) => zone.id === 'IE')?.freeFrom;
  // Quotes of published reviews the owner picked in the desk (docs/product/settled-choices.md §8.13); none: no section.
  const testimonials = useTestimonials();
  return (
    <>
      <Hero sectionRef={heroRef} />
      <FloatingPromo heroRef={heroRef} untilRef={bestSellersRef} />

      <ProductSection
        sectionRef={bestSellersRef}
        id="best-sellers"
        title="Best Sellers"
        intro="The bracelets our customers come back for."
        products={bestSellers}
        link={
          <Link to="/collections/best-sellers" className={TEXT_LINK}>
            Shop all best sellers
          </Link>
        }
      />

      <section aria-label="Why Solas" className="render-when-near border-y border-line bg-sand">
        <ul className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:grid-cols-3">
          <SellingPoint icon={HandIcon} title="Handcrafted">
            Every bracelet is strung by hand in Ireland once you order it.
          </SellingPoint>
          <SellingPoint icon={SparkIcon} title="Meaningful design">
            Colours drawn from Irish places and seasons, designed in-house.
          </SellingPoint>
          {free == null ? null : (
            <SellingPoint icon={TruckIcon} title={`Free shipping from ${formatEuroShort(free as Cents)}`}>
              Free delivery in Ireland on orders of {formatEuroShort(free as Cents)} or more.
            </SellingPoint>
          )}
        </ul>
      </section>

      <ProductSection
        id="new-arrivals"
        title="New & Coming Soon"
        intro="Fresh from the workbench, with brooches on the way."
        products={newArrivals}
        farBelowFold
        link={
          <Link to="/coming-soon" className={TEXT_LINK}>
            See what's coming soon
          </Link>
        }
      />

      <section aria-labelledby="featured-heading" className="render-when-near mx-auto max-w-6xl px-4 py-16">
        <div className="rounded-3xl bg-wine px-6 py-12 text-cream sm:px-12">
          <p className="text-sm font-semibold tracking-[0.2em] uppercase">The full range</p>
          <h2 id="featured-heading" className="mt-3 font-serif text-4xl">
            Featured Collection
          </h2>
          <p className="mt-3 max-w-2xl text-lg">{palettesSentence(categories)}</p>
          <ul className="mt-6 flex flex-wrap gap-2" aria-label="Shop by palette">
            {categories.map((category) => (
              <li key={category}>
                <Link
                  to={`/shop?category=${encodeURIComponent(category)}`}
                  className="inline-flex h-10 items-center rounded-full border border-cream/60 px-4 text-sm font-medium hover:bg-cream hover:text-wine focus-visible:outline-cream"
                >
                  {category}
                </Link>
              </li>
            ))}
          </ul>
          <Link
            to="/shop"
            className="mt-8 inline-flex h-12 items-center rounded-full bg-cream px-7 font-medium text-wine hover:bg-sand focus-visible:outline-cream"
          >
            Explore the Collection
          </Link>
        </div>
      </section>

      <section
        aria-labelledby="story-heading"
        className="render-when-near mx-auto grid max-w-6xl items-center gap-8 px-4 py-8 md:grid-cols-2 md:gap-12"
      >
        <div className="overflow-hidden rounded-3xl bg-sand">
          <ResponsiveImage
            {...SITE_IMAGES.story}
            sizes={FEATURE_SIZES}
            className="aspect-[4/3] h-auto w-full object-cover"
          />
        </div>
        <div>
          <h2 id="story-heading" className="font-serif text-4xl">
            Our Story
          </h2>
          <p className="mt-4 text-lg leading-relaxed">
            {BRAND.name} is {BRAND.meaning}. It began at a kitchen table with a tin of beads and a wish for
            jewellery that felt personal: simple pieces in colours borrowed from the Irish coast, hedgerows
            and autumn evenings.
          </p>
          <p className="mt-3 leading-relaxed text-muted">
            Today every design is still drawn up in-house and strung by hand, one order at a time.
          </p>
          <Link to="/about" className={`mt-6 ${OUTLINE_BUTTON}`}>
            Read Our Story
          </Link>
        </div>
      </section>

      {testimonials.length === 0 ? null : (
        <section
          aria-labelledby="testimonials-heading"
          className="render-when-near mx-auto max-w-6xl px-4 py-16"
        >
          <h2 id="testimonials-heading" className="text-center font-serif text-4xl">
            Kind Words
          </h2>
          <ul className="mt-8 grid gap-5 md:grid-cols-3">
            {testimonials.map((t) => (
              <li key={t.id} className="rounded-2xl border border-line bg-white p-6">
                <figure>
                  <blockquote className="whitespace-pre-line break-words font-serif text-lg leading-relaxed">
                    “{t.text}”
                  </blockquote>
                  <figcaption className="mt-4 text-sm text-muted">
                    {t.displayName ?? ANONYMOUS_NAME}, verified buyer
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
          <p className="mt-4 text-center">
            <HowReviewsWorkLink />
          </p>
        </section>
      )}

      <section aria-labelledby="brooches-heading" className="render-when-near mx-auto max-w-6xl px-4 py-8">
        <div className="grid items-center gap-8 overflow-hidden rounded-3xl border border-line bg-sand md:grid-cols-2">
          <ResponsiveImage
            {...SITE_IMAGES.broochVelvet}
            sizes={FEATURE_SIZES}
            className="aspect-[4/3] h-auto w-full object-cover"
          />
          <div className="px-6 pb-10 md:py-10 md:pr-10 md:pl-0">
            <p className="text-sm font-semibold tracking-[0.2em] text-wine uppercase">Coming Soon</p>
            <h2 id="brooches-heading" className="mt-3 font-serif text-4xl">
              Brooches Coming Soon
            </h2>
            <p className="mt-4 leading-relaxed">
              Velvet, pearls and a little sparkle: our first brooches are being designed now, in the same
              colours as the bracelets you love.
            </p>
            <Link to="/about" className={`mt-6 ${OUTLINE_BUTTON}`}>
              Learn More
            </Link>
          </div>
        </div>
      </section>

      <section aria-label="Newsletter" className="render-when-near mx-auto max-w-3xl px-4 py-16 text-center">
        <NewsletterForm
          source="home"
          heading="Join Our Newsletter"
          description="New designs, the brooch launch and the occasional kind offer. No spam, unsubscribe any time."
          className="[&_form]:text-left"
        />
      </section>
    </>
  );
}

function ProductSection({
  sectionRef,
  id,
  title,
  intro,
  products,
  link,
  farBelowFold = false,
}: {
  sectionRef?: RefObject<HTMLElement | null>;
  id: string;
  title: string;
  intro: string;
  products: readonly Product[];
  link: ReactNode;
  /** Rendered by the browser only when scrolled near (see .render-when-near in styles.css). */
  farBelowFold?: boolean;
}) {
  const headingId = `${id}-heading`;
  return (
    <section
      ref={sectionRef}
      aria-labelledby={headingId}
      className={`${farBelowFold ? 'render-when-near ' : ''}mx-auto max-w-6xl px-4 py-14`}
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={headingId} className="font-serif text-4xl">
            {title}
          </h2>
          <p className="mt-2 text-muted">{intro}</p>
        </div>
        {link}
      </div>
      <ul className="mt-8 grid grid-cols-2 gap-3 sm:gap-5 md:grid-cols-3">
        {products.map((product) => (
          <li key={product.id}>
            <ProductCard product={product} sizes={CARD_SIZES} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function SellingPoint({
  icon: Icon,
  title,
  children,
}: {
  icon: (props: { className: string }) => ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <li className="text-center">
      <span className="mx-auto inline-flex h-14 w-14 items-center justify-center rounded-full bg-cream text-wine">
        <Icon className="h-7 w-7" />
      </span>
      <h3 className="mt-3 font-serif text-xl">{title}</h3>
      <p className="mt-1 text-sm text-muted">{children}</p>
    </li>
  );
}
