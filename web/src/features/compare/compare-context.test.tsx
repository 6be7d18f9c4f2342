// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../../domain/config';
import { CompareProvider, useCompare } from './compare-context';

beforeEach(() => localStorage.clear());

describe('useCompare', () => {
  it('throws a clear error outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useCompare())).toThrow('useCompare must be used within a CompareProvider');
  });

  it('keeps at most three, oldest out first, with products resolved', () => {
    const { result } = renderHook(() => useCompare(), { wrapper: CompareProvider });
    for (const id of ['1', '2', '3', '2', '4']) act(() => result.current.add(id));
    expect(result.current.ids).toEqual(['2', '3', '4']);
    expect(result.current.items.map((p) => p.id)).toEqual(['2', '3', '4']);
    expect(result.current.has('1')).toBe(false);
    let nowIn = true;
    act(() => {
      nowIn = result.current.toggle('3');
    });
    expect(nowIn).toBe(false);
    act(() => result.current.remove('2'));
    expect(result.current.ids).toEqual(['4']);
    expect(localStorage.getItem(STORAGE_KEYS.compare)).toBe('["4"]');
    act(() => result.current.clear());
    expect(result.current.items).toEqual([]);
  });
});
