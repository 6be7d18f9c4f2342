// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../../domain/config';
import { catalogueWrapper } from '../../test-support/render-with-catalogue';
import { useWishlist, WishlistProvider } from './wishlist-context';

beforeEach(() => localStorage.clear());

describe('useWishlist', () => {
  it('throws a clear error outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useWishlist())).toThrow(
      'useWishlist must be used within a WishlistProvider',
    );
  });

  it('adds without duplicates, toggles with the resulting membership, removes and persists', () => {
    const { result, unmount } = renderHook(() => useWishlist(), {
      wrapper: catalogueWrapper(WishlistProvider),
    });
    act(() => result.current.add('3'));
    act(() => result.current.add('3'));
    expect(result.current.ids).toEqual(['3']);
    expect(result.current.has('3')).toBe(true);
    let nowIn = true;
    act(() => {
      nowIn = result.current.toggle('3');
    });
    expect(nowIn).toBe(false);
    act(() => {
      nowIn = result.current.toggle('8');
    });
    expect(nowIn).toBe(true);
    act(() => {
      nowIn = result.current.toggle('not-a-product');
    });
    expect(nowIn).toBe(false);
    act(() => result.current.add('1'));
    act(() => result.current.remove('8'));
    expect(result.current.ids).toEqual(['1']);
    expect(localStorage.getItem(STORAGE_KEYS.wishlist)).toBe('["1"]');
    unmount();
    const again = renderHook(() => useWishlist(), { wrapper: catalogueWrapper(WishlistProvider) });
    expect(again.result.current.ids).toEqual(['1']);
  });

  it('restores a stored list, dropping junk and duplicates', () => {
    localStorage.setItem(STORAGE_KEYS.wishlist, '["2","2",7,"999","5"]');
    const { result } = renderHook(() => useWishlist(), { wrapper: catalogueWrapper(WishlistProvider) });
    expect(result.current.ids).toEqual(['2', '5']);
  });
});
