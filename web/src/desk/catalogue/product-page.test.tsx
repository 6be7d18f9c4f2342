// @vitest-environment jsdom
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, stubDeskApi } from '../desk-test-fixtures';
import { COLOUR_MISSING } from './product-form-model';
import { ProductPage } from './product-page';
import { adminProduct, productsServer, stubXhr } from './product-test-fixtures';

beforeEach(() => {
  window.history.replaceState(null, '', '/admin#/products/new');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** The message shown under a field, as its description says. */
function messageOf(field: HTMLElement): string {
  const ids = (field.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id.endsWith('-error'));
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

describe('a new product', () => {
  it('says what is wrong next to each field, then creates it with the price in exact cents and opens it', async () => {
    const server = productsServer([adminProduct({ id: '1' }), adminProduct({ id: '27' })]);
    const user = userEvent.setup();
    render(<ProductPage productId={null} />);
    await user.click(screen.getByRole('button', { name: 'Create product' }));

    const name = screen.getByLabelText('Name');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(messageOf(name)).toBe('Enter a name.');
    expect(name).toHaveFocus();
    expect(messageOf(screen.getByLabelText('Category'))).toBe('Choose a category, or add a new one.');
    expect(messageOf(screen.getByLabelText('Materials'))).toBe('Enter at least one material.');
    expect(messageOf(screen.getByLabelText('Price in euro'))).toBe(
      'Enter the price in euro, like 35 or 35.50.',
    );
    expect(messageOf(screen.getByLabelText('Short description'))).toBe('Enter a short description.');
    expect(screen.getByLabelText(/^Full description/)).not.toHaveAttribute('aria-invalid');
    // The feeds' colour is asked for: Google refuses jewellery without one.
    expect(messageOf(screen.getByLabelText('Colour'))).toBe(COLOUR_MISSING);

    await user.type(name, 'Winter Berry');
    await user.type(screen.getByLabelText('Handle (optional)'), 'Winter Berry');
    // A category of its own, chosen on purpose: the products' categories are offered after the palettes.
    await user.selectOptions(screen.getByLabelText('Category'), 'New category…');
    await user.type(screen.getByLabelText('Name of the new category'), 'Gemstone');
    await user.type(screen.getByLabelText('Materials'), 'garnet, sterling silver, , Garnet');
    await user.type(screen.getByLabelText('Price in euro'), '0.99');
    await user.type(screen.getByLabelText('Short description'), 'Deep red garnets.');
    await user.type(screen.getByLabelText('Colour'), 'Red/Silver');
    await user.click(screen.getByLabelText('L'));
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    expect(messageOf(screen.getByLabelText('Price in euro'))).toBe(
      'The price must be from €1.00 to €1,000.00.',
    );
    expect(messageOf(screen.getByLabelText('Handle (optional)'))).toMatch(/^Use lower-case letters/);
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Handle (optional)'));
    await user.clear(screen.getByLabelText('Price in euro'));
    // 19.99 is 1999 cents, not 1998.9999…: the conversion is exact.
    await user.type(screen.getByLabelText('Price in euro'), '19,99');
    await user.type(screen.getByLabelText('Note for shoppers (optional)'), 'Ready in December');
    await user.click(screen.getByRole('button', { name: 'Create product' }));

    await waitFor(() => expect(window.location.hash).toBe('#/products/28'));
    const [post, patch] = server.requests.filter((r) => r.method !== 'GET');
    expect(post?.body).toEqual({
      name: 'Winter Berry',
      category: 'Gemstone',
      materials: ['garnet', 'sterling silver'],
      price: 1999,
      description: 'Deep red garnets.',
      colour: 'Red/Silver',
      sizes: ['S', 'M'],
      status: 'paused',
    });
    expect(post?.headers['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
    expect(patch?.body).toMatchObject({ note: 'Ready in December' });
  });

  it("shows the server's 400 next to the field it names", async () => {
    stubDeskApi((r) =>
      r.method === 'POST'
        ? json(400, { ok: false, error: 'name: A product with that name exists already' })
        : undefined,
    );
    const user = userEvent.setup();
    render(<ProductPage productId={null} />);
    await user.type(screen.getByLabelText('Name'), 'First Light');
    await user.selectOptions(screen.getByLabelText('Category'), 'Burgundy');
    await user.type(screen.getByLabelText('Materials'), 'silver');
    await user.type(screen.getByLabelText('Price in euro'), '35');
    await user.type(screen.getByLabelText('Short description'), 'Bright.');
    await user.type(screen.getByLabelText('Colour'), 'Pink');
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    await waitFor(() =>
      expect(messageOf(screen.getByLabelText('Name'))).toBe('name: A product with that name exists already'),
    );
    expect(screen.getByLabelText('Name')).toHaveFocus();
  });
});

describe('editing a product', () => {
  it('sends only the changed fields with updatedAt; a 409 keeps what was typed and shows both versions', async () => {
    const server = productsServer([adminProduct({ id: '4', name: 'Sea Glass', price: 3500 })]);
    const user = userEvent.setup();
    render(<ProductPage productId="4" />);
    const price = await screen.findByLabelText('Price in euro');
    expect(price).toHaveValue('35.00');

    // Another tab saves a new name meanwhile.
    const current = server.products.get('4');
    if (!current) throw new Error('no product 4');
    server.products.set('4', { ...current, name: 'Sea Glass II', updatedAt: '2026-11-22T09:00:00.000Z' });

    await user.clear(price);
    await user.type(price, '45');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const alert = await screen.findByText('This product was changed since you opened it');
    expect(alert.closest('[role="alert"]')).not.toBeNull();
    expect(server.requests.find((r) => r.method === 'PATCH')?.body).toEqual({
      price: 4500,
      updatedAt: '2026-11-20T10:00:00.000Z',
    });

    await user.click(screen.getByRole('button', { name: 'Load the newest version' }));
    const table = await screen.findByRole('table', { name: 'Where the newest version and yours differ' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual(['NameSea Glass IISea Glass', 'Price in euro35.0045']);
    // What the owner typed is still there: nothing of the newest version replaced it unasked.
    expect(screen.getByLabelText('Price in euro')).toHaveValue('45');
    expect(screen.getByLabelText('Name')).toHaveValue('Sea Glass');

    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Sea Glass II');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Saved. The shop shows the change within seconds.');
    const patches = server.requests.filter((r) => r.method === 'PATCH');
    expect(patches[1]?.body).toEqual({ price: 4500, updatedAt: '2026-11-22T09:00:00.000Z' });
    expect(server.products.get('4')?.price).toBe(4500);
    expect(server.products.get('4')?.name).toBe('Sea Glass II');
  });

  it('says "Saved." beside the Save button, where the owner is looking, not at the top of the page', async () => {
    productsServer([adminProduct({ id: '4', price: 3500 })]);
    const user = userEvent.setup();
    render(<ProductPage productId="4" />);
    await user.click(await screen.findByRole('button', { name: 'Save changes' }));
    const save = screen.getByRole('button', { name: 'Save changes' });
    const beside = (text: string) => {
      const status = screen.getByText(text);
      expect(status).toHaveAttribute('role', 'status');
      // The same row as the button, at the end of the form.
      expect(status.parentElement).toBe(save.parentElement);
    };
    beside('Nothing to save: no field has changed.');
    await user.clear(screen.getByLabelText('Price in euro'));
    await user.type(screen.getByLabelText('Price in euro'), '39');
    await user.click(save);
    await screen.findByText('Saved. The shop shows the change within seconds.');
    beside('Saved. The shop shows the change within seconds.');
  });

  it('pauses with a note for shoppers in one step', async () => {
    const server = productsServer([adminProduct({ id: '5', name: 'Amber Glow', status: 'active' })]);
    const user = userEvent.setup();
    render(<ProductPage productId="5" />);
    await user.click(await screen.findByRole('button', { name: 'Pause…' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Pause Amber Glow?' });
    await user.type(within(dialog).getByLabelText('Note for shoppers (optional)'), 'Back in January');
    await user.click(within(dialog).getByRole('button', { name: 'Pause' }));
    await screen.findByText('Paused: its page stays, with the note, and it cannot be ordered.');
    const patches = server.requests.filter((r) => r.method === 'PATCH');
    expect(patches).toHaveLength(1);
    expect(patches[0]?.body).toMatchObject({ status: 'paused', note: 'Back in January' });
    expect(server.products.get('5')).toMatchObject({ status: 'paused', note: 'Back in January' });
    // The form shows the note it was paused with.
    expect(screen.getByLabelText('Note for shoppers (optional)')).toHaveValue('Back in January');
  });

  it('chooses the category from the shop’s categories; a new one only on purpose, an old one never twice', async () => {
    const server = productsServer([
      adminProduct({ id: '1', category: 'Burgundy' }),
      adminProduct({ id: '2', category: 'Connemara Marble', status: 'retired' }),
      adminProduct({ id: '3', category: 'Gemstone' }),
    ]);
    const user = userEvent.setup();
    render(<ProductPage productId="3" />);
    const category = await screen.findByLabelText('Category');
    expect(category.tagName).toBe('SELECT');
    await waitFor(() =>
      expect(
        within(category)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual([
        'Burgundy',
        'Leopardskin',
        'Vibrant Colors',
        'Warm Tones',
        'Soft Romance',
        'Connemara Marble',
        'Gemstone',
        'New category…',
      ]),
    );
    expect(category).toHaveValue('Gemstone');
    expect(screen.queryByLabelText('Name of the new category')).not.toBeInTheDocument();

    // A new name that is an existing category in other letters is that category.
    await user.selectOptions(category, 'New category…');
    const name = screen.getByLabelText('Name of the new category');
    await user.type(name, '  burgundy ');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('Saved. The shop shows the change within seconds.');
    expect(server.requests.find((r) => r.method === 'PATCH')?.body).toMatchObject({ category: 'Burgundy' });

    await user.selectOptions(screen.getByLabelText('Category'), 'New category…');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(messageOf(screen.getByLabelText('Name of the new category'))).toBe(
      'Choose a category, or add a new one.',
    );
    expect(screen.getByLabelText('Name of the new category')).toHaveFocus();
  });

  it('retires only after the owner confirms', async () => {
    const server = productsServer([adminProduct({ id: '5', name: 'Amber Glow' })]);
    const user = userEvent.setup();
    render(<ProductPage productId="5" />);
    await user.click(await screen.findByRole('button', { name: 'Retire…' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Retire Amber Glow?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(server.requests.filter((r) => r.method === 'PATCH')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Retire…' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Retire' }));
    await screen.findByText('Retired: it has left the listings.');
    expect(server.products.get('5')?.status).toBe('retired');
    expect(screen.getByRole('button', { name: 'Resume' })).toBeInTheDocument();
  });

  it('duplicates as a paused copy and opens it', async () => {
    const server = productsServer([adminProduct({ id: '6', name: 'Moss' })]);
    const user = userEvent.setup();
    render(<ProductPage productId="6" />);
    await user.click(await screen.findByRole('button', { name: 'Duplicate' }));
    await waitFor(() => expect(window.location.hash).toBe('#/products/7'));
    expect(server.requests.find((r) => r.method === 'POST')?.body).toMatchObject({
      name: 'Moss (copy)',
      status: 'paused',
      price: 3500,
    });
  });

  it("shows the product's history, and nothing when the shop keeps none", async () => {
    const product = adminProduct({ id: '8' });
    stubDeskApi((r) => {
      if (r.url === '/api/admin/products/8') return json(200, { ok: true, product });
      if (r.url === '/api/admin/products/8/history')
        return json(200, {
          ok: true,
          history: [
            {
              at: '2026-11-21T12:30:00.000Z',
              // A desk session, as the server keeps it: a short hash that means nothing to a person.
              actor: '3f9c2a7b1d0e',
              action: 'product-update',
              changes: [
                { field: 'price', before: 3500, after: 4000 },
                { field: 'fullDescription', before: '', after: 'Strung on silk.' },
                { field: 'status', before: 'active', after: 'paused' },
              ],
            },
            {
              at: '2026-11-21T12:40:00.000Z',
              actor: 'token',
              action: 'product-image-update',
              changes: [
                {
                  field: 'images',
                  before: [{ id: '133f4ad95548f7c129434b72c731b574', alt: '' }],
                  after: [
                    { id: '133f4ad95548f7c129434b72c731b574', alt: 'Moss on a linen cloth' },
                    { id: 'f069b809c0a9ffae55091a3127472d2d', alt: '' },
                  ],
                },
              ],
            },
          ],
        });
      return undefined;
    });
    render(<ProductPage productId="8" />);
    expect(await screen.findByRole('heading', { name: 'History' })).toBeInTheDocument();
    expect(screen.getByText(/€35.00 → €40.00/)).toHaveTextContent('Price in euro: €35.00 → €40.00');
    // The fields by the form's labels and who changed them in words, never the stored names or a hash.
    expect(screen.getByText(/Strung on silk/)).toHaveTextContent(
      'Full description: (empty) → Strung on silk.',
    );
    expect(screen.getByText(/→ Paused$/)).toHaveTextContent('Status: Active → Paused');
    expect(screen.getByText(/· by the owner/)).toBeInTheDocument();
    expect(screen.getByText(/· by the API token/)).toBeInTheDocument();
    expect(screen.queryByText(/3f9c2a7b1d0e|fullDescription/)).not.toBeInTheDocument();
    // Photos by what they show, never as the stored record with its ids.
    const photos = screen.getByText(/^: 1 photo/);
    expect(photos).toHaveTextContent(
      'Photos: 1 photo: 1 (no alt text) → 2 photos: 1 “Moss on a linen cloth”, 2 (no alt text)',
    );
    expect(screen.queryByText(/133f4ad9/)).not.toBeInTheDocument();

    vi.unstubAllGlobals();
    productsServer([adminProduct({ id: '9' })]);
    render(<ProductPage productId="9" />);
    await screen.findByRole('heading', { level: 1, name: 'Bracelet 9' });
    await waitFor(() => expect(screen.getAllByRole('heading', { name: 'History' })).toHaveLength(1));
  });
});

describe('photos', () => {
  const jpeg = (name: string, bytes = 1000) =>
    new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' });

  it('uploads several at once, each with its own progress bar and its own refusal', async () => {
    const server = productsServer([adminProduct({ id: '2', images: [] })]);
    const uploads = stubXhr();
    const user = userEvent.setup();
    render(<ProductPage productId="2" />);
    const input = await screen.findByLabelText('Add photos');
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp,image/avif');
    expect(input).toHaveAttribute('multiple');

    await user.upload(input, [jpeg('wrist.jpg', 2000), jpeg('huge.jpg', 3000)]);
    expect(uploads).toHaveLength(2);
    expect(uploads[0]?.url).toBe('/api/admin/products/2/images');
    expect(uploads[0]?.body.get('file')).toBeInstanceOf(File);
    expect(uploads[0]?.headers['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);

    act(() => uploads[0]?.progress(500, 2000));
    act(() => uploads[1]?.progress(1500, 3000));
    expect(screen.getByRole('progressbar', { name: 'Uploading wrist.jpg' })).toHaveAttribute('value', '500');
    expect(screen.getByRole('progressbar', { name: 'Uploading huge.jpg' })).toHaveAttribute('value', '1500');
    expect(screen.getByText('25% sent')).toBeInTheDocument();
    expect(screen.getByText('50% sent')).toBeInTheDocument();

    const image = {
      id: 'a1b2',
      url: '/media/a1b2-1080.webp',
      base: '/media/a1b2',
      widths: [320, 640, 1080],
      alt: '',
      width: 1080,
      height: 1080,
      placeholder: null,
      position: 0,
    };
    const withPhoto = {
      ...adminProduct({ id: '2' }),
      images: [image],
      updatedAt: '2026-11-23T10:00:00.000Z',
    };
    server.products.set('2', withPhoto);
    act(() => uploads[1]?.answer(413, { ok: false, error: 'That photo is larger than 20 MB' }));
    act(() => uploads[0]?.answer(201, { ok: true, product: withPhoto, image }));

    expect(await screen.findByText('That photo is larger than 20 MB')).toHaveAttribute('role', 'alert');
    const alt = await screen.findByLabelText('Alt text of photo 1');
    expect(screen.getByText(/One photo has none yet\./)).toBeInTheDocument();

    // The product cannot be made active while a photo has no alt text: said next to the status.
    await user.click(screen.getByLabelText('Paused'));
    await user.click(screen.getByLabelText('Active'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(messageOf(screen.getByRole('group', { name: 'Status' }))).toBe(
      'One photo has no alt text: add it before making this product active.',
    );
    expect(server.requests.filter((r) => r.method === 'PATCH')).toHaveLength(0);
    expect(alt).toHaveValue('');
  });

  it('refuses a file over 20 MB in the page, without sending it', async () => {
    productsServer([adminProduct({ id: '2', images: [] })]);
    const uploads = stubXhr();
    const user = userEvent.setup();
    render(<ProductPage productId="2" />);
    const big = jpeg('big.jpg', 10);
    Object.defineProperty(big, 'size', { value: 21 * 1024 * 1024 });
    await user.upload(await screen.findByLabelText('Add photos'), big);
    expect(await screen.findByText('big.jpg is larger than 20 MB.')).toHaveAttribute('role', 'alert');
    expect(uploads).toHaveLength(0);
  });

  it('saves alt text, moves a photo with the focus kept on its button, and removes one after confirming', async () => {
    const photo = (n: number, alt: string) => ({
      id: `p${n}`,
      url: `/media/p${n}-1080.webp`,
      base: `/media/p${n}`,
      widths: [320, 640, 1080],
      alt,
      width: 1080,
      height: 1080,
      placeholder: null,
      position: n - 1,
    });
    const server = productsServer([
      adminProduct({ id: '3', status: 'paused', images: [photo(1, 'On a linen cloth'), photo(2, '')] }),
    ]);
    const user = userEvent.setup();
    render(<ProductPage productId="3" />);
    const second = await screen.findByLabelText('Alt text of photo 2');
    expect(screen.getByText(/One photo has none yet\./)).toBeInTheDocument();

    await user.type(second, 'Worn on a wrist');
    const item = second.closest('li') as HTMLElement;
    await user.click(within(item).getByRole('button', { name: 'Save alt text' }));
    expect(await within(item).findByText('Alt text saved.')).toBeInTheDocument();
    expect(server.requests.find((r) => r.method === 'PATCH')?.body).toEqual({ alt: 'Worn on a wrist' });
    expect(screen.queryByText(/has none yet/)).toBeNull();

    const earlier = screen.getByRole('button', { name: 'Move earlier (photo 2)' });
    earlier.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByLabelText('Alt text of photo 1')).toHaveValue('Worn on a wrist'));
    expect(server.requests.filter((r) => r.method === 'PATCH').at(-1)?.body).toEqual({ position: 0 });
    expect(screen.getByRole('button', { name: 'Move earlier (photo 1)' })).toHaveFocus();
    expect(screen.getByText('Photo moved to place 1 of 2.')).toBeInTheDocument();

    const last = screen.getByLabelText('Alt text of photo 2').closest('li') as HTMLElement;
    await user.click(within(last).getByRole('button', { name: 'Remove…' }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Remove photo 2?' })).getByRole('button', {
        name: 'Remove photo',
      }),
    );
    await waitFor(() => expect(screen.queryByLabelText('Alt text of photo 2')).toBeNull());
    expect(server.requests.find((r) => r.method === 'DELETE')?.url).toBe('/api/admin/products/3/images/p1');
  });
});
