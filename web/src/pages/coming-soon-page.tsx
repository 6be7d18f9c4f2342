import { BROOCHES } from '../../../domain/catalogue/brooches';
import { BRAND } from '../../../domain/config';
import { SITE_IMAGES } from '../../../domain/media/images';
import { ResponsiveImage } from '../components/ui/responsive-image';
import { NewsletterForm } from '../features/newsletter/newsletter-form';
import { Link } from '../lib/router';
import { FACTS } from './legal/policy-facts';

function imageAlt(imageId: string, fallback: string): string {
  return Object.values(SITE_IMAGES).find((image) => image.id === imageId)?.alt ?? fallback;
}

export const BROOCH_SIGNUP_SUCCESS =
  "Thank you! Please check your inbox to confirm your address, and we'll e-mail you as soon as the brooches are ready to order.";

export function ComingSoonPage() {
  return (
    <article>
      <header className="mx-auto max-w-3xl px-4 pt-12 pb-10 text-center sm:pt-16">
        <p className="text-sm font-semibold uppercase tracking-widest text-muted">New from {BRAND.name}</p>
        <h1 className="mt-3 text-4xl leading-tight sm:text-5xl">Brooches Coming Soon</h1>
        <p className="mt-6 text-lg leading-relaxed">
          We are taking what we love about our bracelets, beads chosen one by one and strung by hand, to
          coats, scarves and lapels. Three brooch collections are on our workbench now.
        </p>
      </header>

      <ul className="mx-auto grid max-w-6xl gap-6 px-4 sm:grid-cols-2 lg:grid-cols-3">
        {BROOCHES.map((brooch, index) => (
          <li key={brooch.id}>
            <article
              aria-labelledby={`brooch-${brooch.id}`}
              className="h-full overflow-hidden rounded-2xl border border-line bg-white"
            >
              <div className="relative bg-sand">
                <ResponsiveImage
                  id={brooch.imageId}
                  kind="feature"
                  alt={imageAlt(brooch.imageId, brooch.name)}
                  sizes="(min-width: 1152px) 363px, (min-width: 1024px) 31vw, (min-width: 640px) 47vw, calc(100vw - 2rem)"
                  priority={index === 0}
                  className="block h-auto w-full"
                />
                <span className="absolute top-3 left-3 rounded-full bg-wine px-3 py-1 text-xs font-semibold tracking-wider text-cream uppercase">
                  Coming Soon
                </span>
              </div>
              <div className="p-6">
                <h2 id={`brooch-${brooch.id}`} className="text-2xl">
                  {brooch.name}
                </h2>
                <p className="mt-3 leading-relaxed text-muted">{brooch.description}</p>
              </div>
            </article>
          </li>
        ))}
      </ul>

      <section aria-label="Brooch launch sign-up" className="mx-auto mt-14 max-w-6xl px-4">
        <div className="mx-auto max-w-2xl rounded-3xl border border-line bg-sand px-6 py-10 text-center sm:px-12">
          <NewsletterForm
            source="coming-soon"
            heading="Be the First to Know"
            description="Leave your e-mail address and we will tell you the moment the brooches are ready to order."
            submitLabel="Notify Me"
            successMessage={BROOCH_SIGNUP_SUCCESS}
            className="text-left [&_h2]:text-center [&>p]:text-center"
          />
          <p className="mt-2 text-sm text-muted">
            We only use your address for {BRAND.name} news, and you can ask us to remove it at any time. See
            our{' '}
            <Link to="/privacy-policy" className="text-wine underline hover:text-wine-dark">
              Privacy Policy
            </Link>
            .
          </p>
        </div>
      </section>

      <section aria-labelledby="meanwhile" className="mx-auto max-w-3xl px-4 pt-14 pb-8 text-center">
        <h2 id="meanwhile" className="text-2xl">
          In the meantime
        </h2>
        <p className="mt-3 text-muted">
          Our bracelets are made to order and ready to post in {FACTS.production}.
        </p>
        <Link
          to="/shop"
          className="mt-6 inline-flex min-h-12 items-center justify-center rounded-full bg-wine px-8 py-3 font-medium text-cream hover:bg-wine-dark"
        >
          Shop the Collection
        </Link>
      </section>
    </article>
  );
}
