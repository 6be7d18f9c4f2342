import { BRAND } from '../../../domain/config';
import { SITE_IMAGES } from '../../../domain/media/images';
import { ResponsiveImage } from '../components/ui/responsive-image';
import { useZones } from '../features/settings/storefront-settings';
import { Link } from '../lib/router';
import { FACTS, freeDeliveryIn, zoneRows } from './legal/policy-facts';

const VALUES = [
  {
    title: 'Craftsmanship',
    text:
      'Every bead is chosen, strung and knotted by hand at our own bench. We check each clasp and each length ' +
      'before a bracelet is wrapped, because a piece you wear every day has to last.',
  },
  {
    title: 'Simplicity',
    text:
      'We design pieces that sit quietly with what you already own: a considered palette, clean lines and no ' +
      'more ornament than a bracelet needs.',
  },
  {
    title: 'Accessibility',
    text:
      'Handmade should not mean out of reach. We keep our prices fair and few, and our sizing guide ' +
      'helps you order the right fit the first time.',
  },
  {
    title: 'Meaning',
    text:
      'A bracelet marks a birthday, a friendship, a new start. We make each one for a particular person, ' +
      'so it can carry the story you give it.',
  },
] as const;

const PRIMARY_BUTTON =
  'inline-flex min-h-12 items-center justify-center rounded-full bg-wine px-8 py-3 font-medium text-cream hover:bg-wine-dark';

export function AboutPage() {
  const zones = useZones();
  const where = freeDeliveryIn(zones, 'long');
  const freeDelivery = where ? `Delivery is free in ${where}.` : '';
  return (
    <article>
      <header className="mx-auto grid max-w-6xl items-center gap-10 px-4 pt-12 pb-16 sm:pt-16 lg:grid-cols-2 lg:gap-16">
        <div>
          <p className="text-sm font-semibold uppercase tracking-widest text-muted">About {BRAND.name}</p>
          <h1 className="mt-3 text-4xl leading-tight sm:text-5xl">Our Story</h1>
          <div className="mt-6 space-y-4 text-lg leading-relaxed">
            <p>
              <em lang="ga">{BRAND.name}</em> is the Irish word for light. It is the light that catches a
              glass bead at a window, and the light a small gift brings to someone&rsquo;s day.
            </p>
            <p>
              {BRAND.name} is a small studio in Ireland. Every bracelet in the shop is designed in-house, and
              none of them waits on a warehouse shelf: when you order, your bracelet is hand-strung for you,
              checked, wrapped and posted from our bench.
            </p>
          </div>
        </div>
        <div className="overflow-hidden rounded-3xl border border-line bg-sand">
          <ResponsiveImage
            {...SITE_IMAGES.story}
            sizes="(min-width: 1152px) 544px, (min-width: 1024px) 46vw, calc(100vw - 2rem)"
            priority
            className="block h-auto w-full"
          />
        </div>
      </header>

      <section aria-labelledby="about-mission" className="bg-sand">
        <div className="mx-auto max-w-3xl px-4 py-16 text-center">
          <h2 id="about-mission" className="text-3xl">
            Our Mission
          </h2>
          <p className="mt-5 text-lg leading-relaxed">
            To make beautiful, well-made jewellery that feels personal, at a price that lets you treat
            yourself or someone you love, and to do it slowly and carefully, one bracelet at a time.
          </p>
        </div>
      </section>

      <section aria-labelledby="about-values" className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="about-values" className="text-center text-3xl">
          What We Value
        </h2>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {VALUES.map((v) => (
            <li key={v.title} className="rounded-2xl border border-line bg-white p-6">
              <h3 className="text-xl text-wine">{v.title}</h3>
              <p className="mt-3 leading-relaxed text-muted">{v.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <div className="mx-auto grid max-w-6xl gap-6 px-4 pb-16 md:grid-cols-2">
        <section
          aria-labelledby="about-sustainability"
          className="rounded-2xl border border-line bg-white p-6 sm:p-8"
        >
          <h2 id="about-sustainability" className="text-2xl">
            Sustainability
          </h2>
          <div className="mt-4 space-y-3 leading-relaxed">
            <p>
              Making to order means we never overproduce: there is no unsold stock to discount, store or throw
              away. We buy beads in small batches as the designs need them and keep our packaging small,
              simple and recyclable.
            </p>
            <p>
              A bracelet that is made well is a bracelet you keep. If a cord ever wears thin, write to us:
              often a piece can be restrung rather than replaced.
            </p>
          </div>
        </section>

        <section
          aria-labelledby="about-made-to-order"
          className="rounded-2xl border border-line bg-white p-6 sm:p-8"
        >
          <h2 id="about-made-to-order" className="text-2xl">
            Handcrafted to Order
          </h2>
          <div className="mt-4 space-y-3 leading-relaxed">
            <p>
              Your bracelet is made after you order it. Please allow <strong>{FACTS.production}</strong> for
              us to make it before it is posted; delivery times below start from the day it leaves us.
            </p>
            <p>
              Because every piece is made by hand from natural and glass beads, no two are exactly alike:
              yours may differ a little in shade and bead pattern from the picture, and that is part of its
              charm.
            </p>
          </div>
        </section>

        <section aria-labelledby="about-gifts" className="rounded-2xl border border-line bg-white p-6 sm:p-8">
          <h2 id="about-gifts" className="text-2xl">
            Gifts
          </h2>
          <div className="mt-4 space-y-3 leading-relaxed">
            <p>
              A {BRAND.name} bracelet is made to be given. Tick gift wrapping in your bag and we will wrap the
              whole order by hand for <strong>{FACTS.giftWrap}</strong> per order.
            </p>
            <p>
              Not sure of the size? Our size guide on every product page explains how to measure a wrist, and
              our{' '}
              <Link to="/returns-refunds" className="text-wine underline hover:text-wine-dark">
                {FACTS.returnsDaysAdjective} returns
              </Link>{' '}
              mean a gift that does not fit can come back to us.
            </p>
          </div>
        </section>

        <section
          aria-labelledby="about-shipping"
          className="rounded-2xl border border-line bg-white p-6 sm:p-8"
        >
          <h2 id="about-shipping" className="text-2xl">
            Shipping
          </h2>
          <p className="mt-4 leading-relaxed">
            We post from Ireland to Ireland, the EU and further afield. {freeDelivery}
          </p>
          <ul className="mt-4 divide-y divide-line rounded-xl border border-line">
            {zoneRows(zones).map((z) => (
              <li
                key={z.id}
                className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-3"
              >
                <span className="font-medium">{z.destination}</span>
                <span className="text-muted">
                  {z.fee} &middot; {z.delivery}
                </span>
              </li>
            ))}
          </ul>
          <p className="mt-4 text-sm text-muted">
            Full details in{' '}
            <Link to="/returns-refunds" className="text-wine underline hover:text-wine-dark">
              Shipping &amp; Returns
            </Link>
            .
          </p>
        </section>
      </div>

      <section aria-labelledby="about-cta" className="mx-auto max-w-3xl px-4 pb-8 text-center">
        <h2 id="about-cta" className="text-3xl">
          Find a piece with your story in it
        </h2>
        <p className="mt-4 text-lg text-muted">
          Every bracelet in the collection is made for you when you order it.
        </p>
        <Link to="/shop" className={`mt-8 ${PRIMARY_BUTTON}`}>
          Shop the Collection
        </Link>
      </section>
    </article>
  );
}
