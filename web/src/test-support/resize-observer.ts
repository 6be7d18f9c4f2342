/**
 * jsdom has no layout and no ResizeObserver; Radix (the shop's price slider, dialogs) measures with one.
 * Call in a beforeAll of a test that renders them.
 */
export function stubResizeObserver(): void {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
