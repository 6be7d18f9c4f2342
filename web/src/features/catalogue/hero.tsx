/**
 * Home hero in its two designs (flags hero_v3, default, and hero_v2). Its image is the page's LCP
 * element: eager, fetchpriority high, and preloaded from index.html.
 */
import type { Ref } from 'react';
import { BRAND } from '../../../../domain/config';
import { ResponsiveImage } from '../../components/ui/responsive-image';
import { Link } from '../../lib/router';
import { useFlag } from '../flags';
import { HERO_IMAGES, heroVariant } from './hero-images';

const PRIMARY =
  'inline-flex h-12 items-center justify-center rounded-full bg-wine px-7 font-medium text-cream hover:bg-wine-dark';

export function Hero({ sectionRef }: { sectionRef?: Ref<HTMLElement> }) {
  const variant = heroVariant({ hero_v2: useFlag('hero_v2'), hero_v3: useFlag('hero_v3') });
  return variant === 'v2' ? <HeroSplit sectionRef={sectionRef} /> : <HeroFullBleed sectionRef={sectionRef} />;
}

function HeroFullBleed({ sectionRef }: { sectionRef?: Ref<HTMLElement> }) {
  const { image, sizes } = HERO_IMAGES.v3;
  return (
    <section ref={sectionRef} aria-labelledby="hero-heading" data-hero="v3" className="relative bg-sand">
      <div className="relative aspect-[4/3] w-full overflow-hidden sm:aspect-[16/9] lg:aspect-auto lg:h-[min(74vh,680px)]">
        <ResponsiveImage
          id={image.id}
          kind={image.kind}
          alt={image.alt}
          sizes={sizes}
          priority
          className="h-full w-full object-cover"
        />
        <div
          aria-hidden="true"
          className="absolute inset-0 hidden bg-linear-to-r from-ink/75 via-ink/35 to-transparent lg:block"
        />
      </div>
      <div className="mx-auto max-w-6xl px-4 py-8 lg:absolute lg:inset-0 lg:flex lg:items-center lg:py-0">
        <div className="max-w-xl lg:text-cream">
          <p className="text-sm font-semibold tracking-[0.2em] text-wine uppercase lg:text-cream">
            Handcrafted in Ireland
          </p>
          <h1 id="hero-heading" className="mt-3 font-serif text-4xl leading-tight sm:text-5xl lg:text-6xl">
            Bracelets strung by hand, made for you
          </h1>
          <p className="mt-4 text-lg text-muted lg:text-cream">{BRAND.tagline}</p>
          <div className="mt-7 flex flex-wrap gap-3">
            <Link to="/shop" className={PRIMARY}>
              Shop Now
            </Link>
            <Link
              to="/about"
              className="inline-flex h-12 items-center justify-center rounded-full border border-ink px-7 font-medium hover:bg-cream lg:border-cream lg:hover:bg-cream lg:hover:text-ink"
            >
              Our Story
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}

function HeroSplit({ sectionRef }: { sectionRef?: Ref<HTMLElement> }) {
  const { image, sizes } = HERO_IMAGES.v2;
  return (
    <section ref={sectionRef} aria-labelledby="hero-heading" data-hero="v2" className="bg-sand">
      <div className="mx-auto grid max-w-6xl items-center gap-8 px-4 py-8 lg:grid-cols-2 lg:gap-12 lg:py-16">
        <div className="overflow-hidden rounded-3xl lg:order-last">
          <ResponsiveImage
            id={image.id}
            kind={image.kind}
            alt={image.alt}
            sizes={sizes}
            priority
            className="aspect-[16/10] h-auto w-full object-cover"
          />
        </div>
        <div>
          <p className="text-sm font-semibold tracking-[0.2em] text-wine uppercase">
            {BRAND.name} · Made to order
          </p>
          <h1 id="hero-heading" className="mt-3 font-serif text-4xl leading-tight sm:text-5xl">
            Small beads, quiet colour, made to last
          </h1>
          <p className="mt-4 text-lg text-muted">{BRAND.tagline}</p>
          <div className="mt-7 flex flex-wrap items-center gap-5">
            <Link to="/shop" className={PRIMARY}>
              Shop Now
            </Link>
            <Link to="/about" className="font-medium text-wine underline">
              Read our story
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
