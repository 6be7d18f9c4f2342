// @vitest-environment jsdom
/**
 * The product page's size choice and the size guide's finder (docs/product/sizes.md §13.1), through the page:
 * Medium preselected, the finder's recommendation choosing the size, Add to Cart adding it.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../../domain/config';
import { AppProviders } from '../../app/providers';
import { LazyToaster } from '../../components/ui/toast';
import { HashRouter } from '../../lib/router';
import { getSeedProduct as getProduct, renderWithCatalogue } from '../../test-support/render-with-catalogue';
import { ProductDetails } from './product-details';

function renderProduct(id = '26') {
  const product = getProduct(id);
  if (!product) throw new Error(`missing product ${id}`);
  return renderWithCatalogue(
    <HashRouter>
      <AppProviders>
        <ProductDetails product={product} />
        <LazyToaster />
      </AppProviders>
    </HashRouter>,
  );
}

function storedLines(): { id: string; size: string; quantity: number }[] {
  return JSON.parse(localStorage.getItem(STORAGE_KEYS.cart) ?? '[]');
}

beforeEach(() => {
  localStorage.clear();
  window.location.hash = '#/product/26';
});

describe('product page sizes', () => {
  it('offers Small, Medium and Large with their lengths, Medium preselected, and adds the chosen size', async () => {
    const user = userEvent.setup();
    renderProduct();
    const group = screen.getByRole('radiogroup', { name: 'Size' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((r) => r.closest('label')?.textContent)).toEqual([
      'Small15–16 cm',
      'Medium17–18 cm',
      'Large19–20 cm',
    ]);
    expect(within(group).getByRole('radio', { name: /Medium/ })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await user.click(within(group).getByRole('radio', { name: /Large/ }));
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(storedLines()).toEqual([
      expect.objectContaining({ id: '26', size: 'M', quantity: 1 }),
      expect.objectContaining({ id: '26', size: 'L', quantity: 1 }),
    ]);
    expect(await screen.findByText('Burgundy Safari (Large) has been added to your cart.')).toBeVisible();
  });
});

describe('the size guide and its finder', () => {
  async function openGuide(user: ReturnType<typeof userEvent.setup>) {
    await user.click(screen.getByRole('button', { name: 'Size guide' }));
    // The guide loads on first open: allow for a slow module load on a busy machine.
    return screen.findByRole('dialog', { name: 'Size Guide' }, { timeout: 10_000 });
  }

  it('calls the ranges bracelet lengths and links the printable measuring strip', async () => {
    const user = userEvent.setup();
    renderProduct();
    const dialog = await openGuide(user);
    expect(within(dialog).getByRole('columnheader', { name: 'Bracelet length' })).toBeVisible();
    expect(within(dialog).queryByText(/wrist circumference$/i, { selector: 'th' })).toBeNull();
    expect(within(dialog).getByRole('link', { name: /Print our measuring strip/ })).toHaveAttribute(
      'href',
      '/measuring-strip',
    );
  });

  it('recommends a size from "16,5" with standard preselected, and its button chooses it and closes the guide', async () => {
    const user = userEvent.setup();
    renderProduct();
    let dialog = await openGuide(user);
    const fit = within(dialog).getByRole('radiogroup', { name: 'Fit' });
    expect(within(fit).getByRole('radio', { name: /Standard/ })).toBeChecked();
    await user.type(within(dialog).getByRole('textbox', { name: 'Wrist circumference (cm)' }), '16,5');
    await user.click(within(dialog).getByRole('button', { name: 'Find my size' }));
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'Your bracelet: 18 cm. We recommend Medium.',
    );

    await user.click(within(fit).getByRole('radio', { name: /Loose/ }));
    await user.clear(within(dialog).getByRole('textbox', { name: 'Wrist circumference (cm)' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Wrist circumference (cm)' }), '17.5');
    await user.click(within(dialog).getByRole('button', { name: 'Find my size' }));
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'Your bracelet: 19.5 cm. We recommend Large.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Choose Large' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Size Guide' })).toBeNull(), {
      timeout: 5000,
    });
    expect(
      within(screen.getByRole('radiogroup', { name: 'Size' })).getByRole('radio', { name: /Large/ }),
    ).toBeChecked();

    // Outside our sizes: no size, a pointer to bespoke orders; a wrong entry: a message on the field.
    dialog = await openGuide(user);
    const input = within(dialog).getByRole('textbox', { name: 'Wrist circumference (cm)' });
    await user.clear(input);
    await user.type(input, '19.5');
    await user.click(within(dialog).getByRole('button', { name: 'Find my size' }));
    expect(within(dialog).getByRole('status')).toHaveTextContent(/Your bracelet: 21 cm\..*bespoke order/);
    expect(within(dialog).getByRole('link', { name: 'Ask for a bespoke bracelet' })).toHaveAttribute(
      'href',
      '#/bespoke-corporate',
    );
    expect(within(dialog).queryByRole('button', { name: /^Choose/ })).toBeNull();
    await user.clear(input);
    await user.type(input, '9');
    await user.click(within(dialog).getByRole('button', { name: 'Find my size' }));
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(/between 10 and 30 cm/);
    expect(input).toHaveFocus();
  });
});
