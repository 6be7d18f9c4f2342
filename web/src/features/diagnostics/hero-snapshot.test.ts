// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { FLAG_NAMES } from '../../../../domain/config';
import { HERO_NOT_FOUND, HeroNotFoundError, MAX_ELEMENTS, snapshotHero } from './hero-snapshot';

beforeEach(() => {
  document.body.innerHTML = '';
  localStorage.clear();
});

describe('snapshotHero', () => {
  it("throws 'Hero section not found on this page' without a hero", () => {
    document.body.innerHTML = '<main><h1>Diagnostics</h1></main>';
    expect(() => snapshotHero(document, window)).toThrow(HeroNotFoundError);
    expect(() => snapshotHero(document, window)).toThrow(HERO_NOT_FOUND);
  });

  it('describes the hero: variant, styles, elements, images and sources', () => {
    document.body.innerHTML = `
      <section data-hero="v3" style="min-height: 400px; background-color: rgb(251, 247, 242)">
        <picture>
          <source type="image/avif" srcset="/img/hero-800.avif 800w" sizes="100vw">
          <img src="/img/hero-800.webp" alt="Bracelets" width="1600" height="1000" loading="eager" fetchpriority="high">
        </picture>
        <div class="copy"><h1 id="hero-title">Handcrafted   light</h1><a href="#/shop" role="button">Shop</a></div>
      </section>`;
    const snap = snapshotHero(document, window, new Date('2026-11-22T10:00:00Z'));
    expect(snap).toMatchObject({
      tool: 'solas-diagnostics',
      capturedAt: '2026-11-22T10:00:00.000Z',
      page: { url: window.location.href },
      viewport: { width: window.innerWidth, height: window.innerHeight },
      hero: { selector: '[data-hero]', variant: 'v3', elementCount: 6 },
    });
    expect(Object.keys(snap.flags)).toEqual([...FLAG_NAMES]);
    expect(snap.hero.styles['min-height']).toBe('400px');
    expect(snap.hero.styles['background-color']).toBe('rgb(251, 247, 242)');
    expect(snap.hero.elements.map((e) => e.path)).toEqual([
      'hero > picture',
      'hero > picture > source',
      'hero > picture > img',
      'hero > div',
      'hero > div > h1',
      'hero > div > a',
    ]);
    expect(snap.hero.elements[4]).toMatchObject({ tag: 'h1', id: 'hero-title', text: 'Handcrafted light' });
    expect(snap.hero.elements[5]).toMatchObject({ role: 'button', text: 'Shop' });
    expect(snap.hero.images).toEqual([
      expect.objectContaining({
        src: '/img/hero-800.webp',
        alt: 'Bracelets',
        widthAttr: '1600',
        heightAttr: '1000',
        loading: 'eager',
        fetchPriority: 'high',
        sources: [{ type: 'image/avif', srcset: '/img/hero-800.avif 800w', sizes: '100vw' }],
      }),
    ]);
    expect(() => JSON.parse(JSON.stringify(snap))).not.toThrow();
  });

  it('falls back to #hero and caps the element list', () => {
    document.body.innerHTML = `<div id="hero">${'<span>x</span>'.repeat(MAX_ELEMENTS + 20)}</div>`;
    const snap = snapshotHero(document, window);
    expect(snap.hero.selector).toBe('#hero');
    expect(snap.hero.variant).toBeNull();
    expect(snap.hero.elementCount).toBe(MAX_ELEMENTS + 20);
    expect(snap.hero.elements).toHaveLength(MAX_ELEMENTS);
    expect(snap.hero.elements[1]?.path).toBe('hero > span:nth-of-type(2)');
  });
});
