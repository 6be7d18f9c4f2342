import { describe, expect, it } from 'vitest';
import { blockingBudgetOf, type PageMedians, pageBudgetMisses } from './web-budget';

/** Medians that meet every budget of docs/product/quality-budgets.md §9.1. */
const GOOD: PageMedians = {
  performance: 99,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
  lcpMs: 1200,
  cls: 0,
  transferBytes: 200 * 1024,
  blockingByCpuMs: 0,
};

describe('pageBudgetMisses', () => {
  it('passes a page that meets every budget', () => {
    expect(pageBudgetMisses('/', GOOD)).toEqual([]);
  });

  it('budgets the blocking by CPU time at 50 ms on / and /product/1 and 100 ms on /shop and /cart', () => {
    expect([blockingBudgetOf('/'), blockingBudgetOf('/product/1')]).toEqual([50, 50]);
    expect([blockingBudgetOf('/shop'), blockingBudgetOf('/cart')]).toEqual([100, 100]);
    expect(pageBudgetMisses('/product/1', { ...GOOD, blockingByCpuMs: 60 })).toEqual([
      'blocking after the first paint by CPU time 60 ms > 50 ms',
    ]);
    expect(pageBudgetMisses('/shop', { ...GOOD, blockingByCpuMs: 60 })).toEqual([]);
    expect(pageBudgetMisses('/cart', { ...GOOD, blockingByCpuMs: 101 })).toHaveLength(1);
  });

  it('holds the hash URLs the pages share to the budgets of their pages, LCP at most 1.5 s', () => {
    expect(['/#/', '/#/product/1', '/#/shop'].map(blockingBudgetOf)).toEqual([50, 50, 100]);
    expect(pageBudgetMisses('/#/shop', { ...GOOD, lcpMs: 1600 })).toEqual(['LCP 1600 ms > 1500 ms']);
    expect(pageBudgetMisses('/#/product/1', GOOD)).toEqual([]);
  });

  it('fails a page whose runs left no readable trace rather than passing it', () => {
    expect(pageBudgetMisses('/', { ...GOOD, blockingByCpuMs: undefined })).toEqual([
      'blocking after the first paint by CPU time: a run has no readable trace',
    ]);
  });

  it('keeps the other page budgets: scores, LCP, CLS and the home page transfer', () => {
    const misses = pageBudgetMisses('/', {
      ...GOOD,
      performance: 97,
      seo: 92,
      lcpMs: 1600,
      cls: 0.02,
      transferBytes: 301 * 1024,
    });
    expect(misses).toEqual([
      'performance 97 < 98',
      'seo 92 < 100',
      'LCP 1600 ms > 1500 ms',
      'CLS 0.020 > 0.01',
      'total transfer 301.0 KB > 300 KB',
    ]);
    // The transfer budget is the home page's only.
    expect(pageBudgetMisses('/shop', { ...GOOD, transferBytes: 400 * 1024 })).toEqual([]);
  });
});
