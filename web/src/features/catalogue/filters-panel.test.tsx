// @vitest-environment jsdom
import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CatalogueQuery } from '../../../../domain/catalogue/catalogue-query';
import { cents } from '../../../../domain/shared/money';
import { hydrateForTest } from '../../test-support/hydrate';
import { stubResizeObserver } from '../../test-support/resize-observer';
import { FiltersPanel } from './filters-panel';

beforeAll(stubResizeObserver);

const global = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };

const QUERY: CatalogueQuery = {
  search: '',
  category: null,
  minPrice: cents(1500),
  maxPrice: cents(4500),
  materials: [],
  sort: 'featured',
};
const noop = () => {};

function Panel({ onMaterialsChange = noop }: { onMaterialsChange?: (materials: string[]) => void }) {
  return (
    <FiltersPanel
      query={QUERY}
      materials={['Garnet', 'Wood']}
      maxPrice={cents(6000)}
      onPriceChange={noop}
      onMaterialsChange={onMaterialsChange}
      onClearAll={noop}
    />
  );
}

/** Every slider thumb's ARIA value attributes, in document order. */
function thumbs(root: ParentNode) {
  return Array.from(root.querySelectorAll('[role="slider"]')).map((t) => ({
    label: t.getAttribute('aria-label'),
    min: t.getAttribute('aria-valuemin'),
    now: t.getAttribute('aria-valuenow'),
    max: t.getAttribute('aria-valuemax'),
    text: t.getAttribute('aria-valuetext'),
  }));
}

const EXPECTED = [
  { label: 'Minimum price', min: '0', now: '1500', max: '6000', text: '€15' },
  { label: 'Maximum price', min: '0', now: '4500', max: '6000', text: '€45' },
];

describe('FiltersPanel price slider (docs/product/pages.md §2.4)', () => {
  afterEach(() => {
    delete global.IS_REACT_ACT_ENVIRONMENT;
    document.body.replaceChildren();
  });

  it('gives each thumb its current value in the server HTML (a slider without aria-valuenow is invalid)', () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Panel />);
    expect(thumbs(container)).toEqual(EXPECTED);
  });

  it('hydrates that HTML without a mismatch and keeps the values', async () => {
    global.IS_REACT_ACT_ENVIRONMENT = true;
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Panel />);
    document.body.append(container);
    const errors: unknown[] = [];
    await act(async () => {
      hydrateForTest(container, <Panel />, { onRecoverableError: (error) => errors.push(error) });
    });
    expect(errors).toEqual([]);
    expect(thumbs(container)).toEqual(EXPECTED);
  });
});

/** The panel's server HTML, `before` done to it as a shopper might before it hydrates, then hydrated. */
async function hydratedPanel(before: (root: HTMLElement) => void = noop) {
  global.IS_REACT_ACT_ENVIRONMENT = true;
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Panel />);
  document.body.append(container);
  before(container);
  const onMaterialsChange = vi.fn();
  await act(async () => {
    hydrateForTest(container, <Panel onMaterialsChange={onMaterialsChange} />);
  });
  return onMaterialsChange;
}

describe('FiltersPanel materials', () => {
  afterEach(() => {
    delete global.IS_REACT_ACT_ENVIRONMENT;
    document.body.replaceChildren();
  });

  it('follows a material ticked in the server HTML before the panel hydrated', async () => {
    // A slow phone: Wood ticked before the app could hear it.
    const onMaterialsChange = await hydratedPanel((root) => {
      const wood = root.querySelector<HTMLInputElement>('input[type="checkbox"][value="Wood"]');
      if (!wood) throw new Error('no Wood box');
      wood.checked = true;
    });
    expect(onMaterialsChange).toHaveBeenCalledExactlyOnceWith(['Wood']);
  });

  it('asks for nothing when the boxes are as the query says', async () => {
    expect(await hydratedPanel()).not.toHaveBeenCalled();
  });
});
