import { type RenderOptions, type RenderResult, render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { indexCatalogue } from '../../../domain/catalogue/catalogue-index';
import { seedSnapshot } from '../../../domain/catalogue/seed';
import type { CatalogueProduct, CatalogueSnapshot } from '../../../domain/catalogue/snapshot';
import { CatalogueProvider } from '../features/catalogue-snapshot/catalogue-context';

type Wrapper = (props: { children: ReactNode }) => ReactNode;

export interface CatalogueRenderOptions extends Omit<RenderOptions, 'wrapper'> {
  /** The catalogue the components read; the seeded 27 products unless a test gives its own. */
  readonly catalogue?: CatalogueSnapshot;
  /** Providers to put inside the catalogue's (cart, wishlist…). */
  readonly wrapper?: Wrapper;
}

/**
 * A wrapper for render or renderHook: `Inner` (a provider, or none) inside a CatalogueProvider of the
 * seeded catalogue (or the given one), as App renders every page.
 */
export function catalogueWrapper(Inner?: Wrapper, catalogue: CatalogueSnapshot = seedSnapshot()): Wrapper {
  return function CatalogueWrapper({ children }: { children: ReactNode }) {
    return (
      <CatalogueProvider catalogue={catalogue}>
        {Inner ? <Inner>{children}</Inner> : children}
      </CatalogueProvider>
    );
  };
}

/** Testing Library's render, inside a CatalogueProvider, as App renders every page. */
export function renderWithCatalogue(ui: ReactElement, options: CatalogueRenderOptions = {}): RenderResult {
  const { catalogue, wrapper, ...rest } = options;
  return render(ui, { ...rest, wrapper: catalogueWrapper(wrapper, catalogue) });
}

/** A copy of the seeded catalogue with some products changed: paused, retired or repriced ones. */
export function seedWith(
  changes: Readonly<Record<string, Partial<CatalogueProduct>>>,
  version = 'test',
): CatalogueSnapshot {
  const seed = seedSnapshot();
  return {
    ...seed,
    version,
    products: seed.products.map((p) => (changes[p.id] ? { ...p, ...changes[p.id] } : p)),
  };
}

/** The seeded catalogue's look-up, for tests written against today's products. */
export function getSeedProduct(id: string): CatalogueProduct | undefined {
  return indexCatalogue(seedSnapshot()).getProduct(id);
}
