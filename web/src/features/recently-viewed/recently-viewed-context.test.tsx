// @vitest-environment jsdom
import { act, render, renderHook, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LIMITS, STORAGE_KEYS } from '../../../../domain/config';
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
    const { result, unmount } = renderHook(() => useRecentlyViewed(), { wrapper: RecentlyViewedProvider });
    for (let i = 1; i <= LIMITS.recentlyViewedMax + 2; i++) act(() => result.current.record(String(i)));
    act(() => result.current.record('5'));
    expect(result.current.ids[0]).toBe('5');
    expect(result.current.ids).toHaveLength(LIMITS.recentlyViewedMax);
    expect(new Set(result.current.ids).size).toBe(result.current.ids.length);
    expect(result.current.products.map((p) => p.id)).toEqual(result.current.ids);
    const stored = localStorage.getItem(STORAGE_KEYS.recentlyViewed);
    unmount();
    const again = renderHook(() => useRecentlyViewed(), { wrapper: RecentlyViewedProvider });
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
    render(
      <RecentlyViewedProvider>
        <ProductView id="3" />
        <Strip />
      </RecentlyViewedProvider>,
    );
    expect(screen.getByText('viewed: 3')).toBeTruthy();
    expect(renders).toBe(1);
  });
});
