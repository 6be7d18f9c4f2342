// @vitest-environment jsdom
/**
 * The "tell me when" form: the address goes to its endpoint as typed (trimmed), only a 202 shows the
 * success and empties the field, a refusal shows the server's words and keeps the text. On a slow phone
 * the shopper may type into the prerendered field before the app hydrates: that address is the one sent.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hydrateForTest } from '../../test-support/hydrate';
import { NotifyForm, type NotifyFormTexts } from './notify-form';

const TEXTS: NotifyFormTexts = {
  heading: 'Tell me when it is back',
  intro: 'One e-mail when it is back.',
  button: 'Tell me',
  success: 'Please check your inbox to confirm.',
  failed: 'We could not save your address just now.',
  empty: 'Please enter a valid email address',
};

function Form() {
  return <NotifyForm endpoint="/api/tell-me" texts={TEXTS} />;
}

const global = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };

function answering(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The address each request sent. */
const sentAddresses = (fetchMock: ReturnType<typeof answering>) =>
  fetchMock.mock.calls.map((call) => {
    const [url, init] = call as unknown as [string, RequestInit];
    expect(url).toBe('/api/tell-me');
    return (JSON.parse(String(init.body)) as { email: string }).email;
  });

afterEach(() => {
  vi.unstubAllGlobals();
  delete global.IS_REACT_ACT_ENVIRONMENT;
  document.body.innerHTML = '';
});

describe('NotifyForm', () => {
  it('sends the address typed before hydration, then shows the success and empties the field', async () => {
    const fetchMock = answering(202, { ok: true });
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Form />);
    document.body.append(container);
    // Typed into the prerendered field: no React yet to hear it.
    const field = container.querySelector('input') as HTMLInputElement;
    field.value = ' niamh@example.ie ';
    global.IS_REACT_ACT_ENVIRONMENT = true;
    const errors: unknown[] = [];
    await act(async () => {
      hydrateForTest(container, <Form />, { onRecoverableError: (error) => errors.push(error) });
    });
    expect(errors).toEqual([]);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: TEXTS.button }));
    });
    expect(sentAddresses(fetchMock)).toEqual(['niamh@example.ie']);
    expect(screen.getByRole('status')).toHaveTextContent(TEXTS.success);
    expect(screen.getByLabelText('Email address')).toHaveValue('');
  });

  it('shows the server’s refusal and keeps what was typed', async () => {
    const fetchMock = answering(400, { ok: false, error: 'Please check the address: it has no domain.' });
    render(<Form />);
    const field = screen.getByLabelText('Email address');
    await userEvent.type(field, 'niamh@');
    await userEvent.click(screen.getByRole('button', { name: TEXTS.button }));
    expect(sentAddresses(fetchMock)).toEqual(['niamh@']);
    expect(await screen.findByText('Please check the address: it has no domain.')).toBeVisible();
    expect(field).toHaveValue('niamh@');
    expect(field).toHaveAttribute('aria-invalid', 'true');
  });

  it('asks for an address and sends nothing when the field is empty', async () => {
    const fetchMock = answering(202, { ok: true });
    render(<Form />);
    await userEvent.click(screen.getByRole('button', { name: TEXTS.button }));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toHaveTextContent(TEXTS.empty);
  });
});
