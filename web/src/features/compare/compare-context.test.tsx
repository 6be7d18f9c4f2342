// @vitest-environment jsdom
import { act, renderHook, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../../domain/config';
import { catalogueWrapper, renderWithCatalogue } from '../../test-support/render-with-catalogue';
import { CompareProvider, useCompare, useCompareActions, useIsCompared } from './compare-context';

beforeEach(() => localStorage.clear());

describe('useCompare', () => {
  it('throws a clear error outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useCompare())).toThrow('useCompare must be used within a CompareProvider');
  });

  it('keeps at most three, oldest out first, with products resolved', () => {
    const { result } = renderHook(() => useCompare(), { wrapper: catalogueWrapper(CompareProvider) });
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

describe('the narrow compare hooks', () => {
  it("re-render one product's reader only when that product goes in or out", () => {
    const renders: Record<string, number> = {};
    let actions: ReturnType<typeof useCompareActions> | undefined;
    function Toggle({ id }: { id: string }) {
      renders[id] = (renders[id] ?? 0) + 1;
      actions = useCompareActions();
      return <p>{`${id} ${useIsCompared(id) ? 'in' : 'out'}`}</p>;
    }
    renderWithCatalogue(
      <CompareProvider>
        {['1', '2', '3', '4', '5'].map((id) => (
          <Toggle key={id} id={id} />
        ))}
      </CompareProvider>,
    );
    const run = (fn: (a: NonNullable<typeof actions>) => void) =>
      act(() => {
        if (!actions) throw new Error('not rendered');
        fn(actions);
      });
    run((a) => a.toggle('1'));
    run((a) => a.toggle('2'));
    run((a) => a.toggle('3'));
    expect(renders).toEqual({ '1': 2, '2': 2, '3': 2, '4': 1, '5': 1 });
    // A fourth: the oldest (1) goes out; only the two whose state changed re-render.
    run((a) => a.toggle('4'));
    expect(renders).toEqual({ '1': 3, '2': 2, '3': 2, '4': 2, '5': 1 });
    expect(screen.getByText('1 out')).toBeInTheDocument();
    expect(screen.getByText('4 in')).toBeInTheDocument();
    expect(actions?.current().map((p) => p.id)).toEqual(['2', '3', '4']);
  });

  it('throw a clear error outside their provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useIsCompared('1'))).toThrow(
      'useIsCompared must be used within a CompareProvider',
    );
    expect(() => renderHook(() => useCompareActions())).toThrow(
      'useCompareActions must be used within a CompareProvider',
    );
  });
});
