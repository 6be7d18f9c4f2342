// @vitest-environment jsdom
import { act, renderHook, screen } from '@testing-library/react';
import { Suspense, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { seedSnapshot } from '../../../../domain/catalogue/seed';
import { LIMITS, STORAGE_KEYS } from '../../../../domain/config';
import { catalogueWrapper, renderWithCatalogue } from '../../test-support/render-with-catalogue';
import { CatalogueProvider } from '../catalogue-snapshot/catalogue-context';
import {
  RecentlyViewedProvider,
  useRecentlyViewed,
  useRecordRecentlyViewed,
} from './recently-viewed-context';

beforeEach(() => localStorage.clear());

describe('useRecentlyViewed', () => {
  it('throws a clear error outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useRecentlyViewed())).toThrow(
      'useRecentlyViewed must be used within a RecentlyViewedProvider',
    );
  });

  it('records newest first without duplicates, capped, and survives a remount', () => {
    const { result, unmount } = renderHook(() => useRecentlyViewed(), {
      wrapper: catalogueWrapper(RecentlyViewedProvider),
    });
    for (let i = 1; i <= LIMITS.recentlyViewedMax + 2; i++) act(() => result.current.record(String(i)));
    act(() => result.current.record('5'));
    expect(result.current.ids[0]).toBe('5');
    expect(result.current.ids).toHaveLength(LIMITS.recentlyViewedMax);
    expect(new Set(result.current.ids).size).toBe(result.current.ids.length);
    expect(result.current.products.map((p) => p.id)).toEqual(result.current.ids);
    const stored = localStorage.getItem(STORAGE_KEYS.recentlyViewed);
    unmount();
    const again = renderHook(() => useRecentlyViewed(), {
      wrapper: catalogueWrapper(RecentlyViewedProvider),
    });
    expect(JSON.stringify(again.result.current.ids)).toBe(stored);
  });

  it('records through useRecordRecentlyViewed without re-rendering the recording component', () => {
    let renders = 0;
    function ProductView({ id }: { id: string }) {
      renders++;
      const record = useRecordRecentlyViewed();
      useEffect(() => record(id), [id, record]);
      return null;
    }
    function Strip() {
      const { ids } = useRecentlyViewed();
      return <p>viewed: {ids.join(',')}</p>;
    }
    renderWithCatalogue(
      <RecentlyViewedProvider>
        <ProductView id="3" />
        <Strip />
      </RecentlyViewedProvider>,
    );
    expect(screen.getByText('viewed: 3')).toBeTruthy();
    expect(renders).toBe(1);
  });
});

describe('recording while the page hydrates', () => {
  // A product page records its product in an effect while parts of it (HydrateLater, a Suspense boundary)
  // are still server HTML. The record must not make React hydrate those parts in the same synchronous
  // pass (one long task on a slow phone); they hydrate later, in tasks of their own.
  it('leaves a part waiting to hydrate for later', async () => {
    const reactGlobals = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    const previous = reactGlobals.IS_REACT_ACT_ENVIRONMENT;
    reactGlobals.IS_REACT_ACT_ENVIRONMENT = false; // real scheduling, as in the browser
    let laterRenders = 0;
    let laterRendersAfterRecord: number | undefined;
    function Later() {
      laterRenders++;
      return <p>later</p>;
    }
    function ProductView({ id }: { id: string }) {
      const record = useRecordRecentlyViewed();
      useEffect(() => {
        record(id);
        // After this effect's task, before any later task: has the waiting part been hydrated?
        queueMicrotask(() => {
          laterRendersAfterRecord = laterRenders;
        });
      }, [id, record]);
      return <p>product</p>;
    }
    function Strip() {
      const { ids } = useRecentlyViewed();
      return <p>viewed: {ids.join(',')}</p>;
    }
    // One element under the provider, as in the app: React looks for the list's readers in its subtree.
    function Page() {
      return (
        <main>
          <ProductView id="3" />
          <Suspense fallback={null}>
            <Later />
          </Suspense>
          <Strip />
        </main>
      );
    }
    const page = (
      <CatalogueProvider catalogue={seedSnapshot()}>
        <RecentlyViewedProvider>
          <Page />
        </RecentlyViewedProvider>
      </CatalogueProvider>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(page);
    document.body.append(container);
    laterRenders = 0;
    const root = hydrateRoot(container, page);
    try {
      await vi.waitFor(() => expect(container.textContent).toContain('viewed: 3'));
      await vi.waitFor(() => expect(laterRenders).toBe(1));
      expect(laterRendersAfterRecord).toBe(0);
      expect(localStorage.getItem(STORAGE_KEYS.recentlyViewed)).toBe('["3"]');
    } finally {
      root.unmount();
      container.remove();
      reactGlobals.IS_REACT_ACT_ENVIRONMENT = previous;
    }
  });
});
