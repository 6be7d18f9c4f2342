// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../../domain/config';
import { IMAGE_EDIT_PATH } from '../../../../domain/media/image-edit';
import { LazyToaster } from '../../components/ui/toast';
import { HashRouter } from '../../lib/router';
import { ImageEditorPage } from './image-editor-page';

const ADMIN_TOKEN_SESSION_KEY = STORAGE_KEYS.adminToken;

// 1x1 PNG.
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const PNG = Uint8Array.from(atob(PNG_BASE64), (c) => c.charCodeAt(0));
const EDITED = `data:image/png;base64,${PNG_BASE64}`;

type Handler = (url: string, init?: RequestInit) => Response;

function serve(editReply: Handler) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.startsWith('/img/'))
      return new Response(PNG, { status: 200, headers: { 'content-type': 'image/png' } });
    if (url === IMAGE_EDIT_PATH) return editReply(url, init);
    return new Response('not found', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderPage() {
  return render(
    <HashRouter>
      <ImageEditorPage />
      <LazyToaster />
    </HashRouter>,
  );
}

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ImageEditorPage', () => {
  it('asks for the admin token before sending anything', async () => {
    const user = userEvent.setup();
    const fetchMock = serve(() => new Response('{}'));
    renderPage();
    expect(await screen.findByRole('img', { name: 'Original' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/png;base64,/),
    );
    await user.type(screen.getByLabelText('Edit instruction'), 'brighter');
    await user.click(screen.getByRole('button', { name: 'Edit image' }));
    expect(screen.getByLabelText('Admin token')).toHaveFocus();
    expect(screen.getByLabelText('Admin token')).toHaveAccessibleDescription(
      'Enter the admin token to edit images.',
    );
    expect(fetchMock.mock.calls.some(([url]) => url === IMAGE_EDIT_PATH)).toBe(false);
  });

  it('sends the image with the token, shows the result beside the original, keeps the token for the session', async () => {
    const user = userEvent.setup();
    const fetchMock = serve(
      () =>
        new Response(
          JSON.stringify({
            editedImageUrl: EDITED,
            applied: ['brighter'],
            notApplied: ['remove the sky (…)'],
          }),
          { status: 200 },
        ),
    );
    renderPage();
    await screen.findByRole('img', { name: 'Original' });
    await user.type(screen.getByLabelText('Admin token'), 'owner-token-123');
    await user.click(screen.getByRole('button', { name: 'Make it brighter and warmer' }));
    expect(screen.getByLabelText('Edit instruction')).toHaveValue('Make it brighter and warmer');
    await user.click(screen.getByRole('button', { name: 'Edit image' }));

    expect(await screen.findByRole('img', { name: 'Edited: Make it brighter and warmer' })).toHaveAttribute(
      'src',
      EDITED,
    );
    expect(await screen.findByText('Image edited successfully!')).toBeInTheDocument();
    expect(screen.getByText(/Not applied:/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download edited image' })).toHaveAttribute(
      'download',
      'solas-hero-edited.png',
    );
    const call = fetchMock.mock.calls.find(([url]) => url === IMAGE_EDIT_PATH);
    expect(new Headers(call?.[1]?.headers).get('authorization')).toBe('Bearer owner-token-123');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      imageUrl: expect.stringMatching(/^data:image\/png;base64,/),
      editInstruction: 'Make it brighter and warmer',
    });
    expect(sessionStorage.getItem(ADMIN_TOKEN_SESSION_KEY)).toBe('owner-token-123');
  });

  it("a refused token: 'Error editing image' with the server's message, and the token is forgotten", async () => {
    const user = userEvent.setup();
    sessionStorage.setItem(ADMIN_TOKEN_SESSION_KEY, 'stale-token-000');
    serve(
      () =>
        new Response(JSON.stringify({ ok: false, error: 'Admin token missing or wrong' }), { status: 401 }),
    );
    renderPage();
    await screen.findByRole('img', { name: 'Original' });
    await waitFor(() => expect(screen.getByLabelText('Admin token')).toHaveValue('stale-token-000'));
    await user.type(screen.getByLabelText('Edit instruction'), 'sepia');
    await user.click(screen.getByRole('button', { name: 'Edit image' }));
    expect(await screen.findByText('Error editing image')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Admin token missing or wrong');
    expect(sessionStorage.getItem(ADMIN_TOKEN_SESSION_KEY)).toBeNull();
  });

  it("a network failure: 'Error' / 'Failed to edit image'", async () => {
    const user = userEvent.setup();
    serve(() => {
      throw new TypeError('Failed to fetch');
    });
    renderPage();
    await screen.findByRole('img', { name: 'Original' });
    await user.type(screen.getByLabelText('Admin token'), 'owner-token-123');
    await user.type(screen.getByLabelText('Edit instruction'), 'sepia');
    await user.click(screen.getByRole('button', { name: 'Edit image' }));
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to edit image');
  });
});
