// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TIMINGS_MS } from '../../../../domain/config';
import { NEWSLETTER_MESSAGES } from '../../../../domain/newsletter/newsletter-messages';
import { EMAIL_MESSAGES } from '../../../../domain/shared/email';
import { NewsletterForm } from './newsletter-form';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function stubFetch(impl: (input: string, init?: RequestInit) => Promise<Response>) {
  const fetchMock = vi.fn(impl);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  window.localStorage.clear();
});

function setup({ fakeTimers = false } = {}) {
  const user = userEvent.setup(fakeTimers ? { advanceTimers: vi.advanceTimersByTime.bind(vi) } : {});
  render(<NewsletterForm source="home" heading="Join Our Newsletter" />);
  const input = screen.getByLabelText('Email address');
  const button = screen.getByRole('button', { name: 'Subscribe' });
  return { user, input, button };
}

describe('NewsletterForm', () => {
  it('marks the input required and labels the form by its heading', () => {
    setup();
    expect(screen.getByRole('form', { name: 'Join Our Newsletter' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toBeRequired();
  });

  it.each([
    ['', EMAIL_MESSAGES.invalid],
    ['not-an-email', EMAIL_MESSAGES.invalid],
    [
      `${'a'.repeat(64)}@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.${'e'.repeat(10)}.ie`,
      EMAIL_MESSAGES.tooLong,
    ],
  ])('blocks %j with the alert %j and sends nothing', async (typed, message) => {
    const fetchMock = stubFetch(async () => jsonResponse(200, { ok: true }));
    const { user, input, button } = setup();
    if (typed) await user.type(input, typed);
    await user.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts the trimmed address, clears the input and shows success for 3 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = stubFetch(async () => jsonResponse(200, { ok: true }));
    const { user, input } = setup({ fakeTimers: true });
    await user.type(input, '  Shopper@Example.ie {Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent(NEWSLETTER_MESSAGES.success);
    expect(input).toHaveValue('');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/newsletter');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'Shopper@Example.ie', source: 'home' });
    // Let React run the effect that starts the message timer before measuring from now.
    await act(async () => {});

    act(() => {
      // A margin below 3 s: the fake clock also follows real time (shouldAdvanceTime).
      vi.advanceTimersByTime(TIMINGS_MS.newsletterMessage - 250);
    });
    expect(screen.getByRole('status')).toHaveTextContent(NEWSLETTER_MESSAGES.success);
    act(() => {
      vi.advanceTimersByTime(250);
    });
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('hides the success message on the next edit', async () => {
    stubFetch(async () => jsonResponse(200, { ok: true }));
    const { user, input } = setup();
    await user.type(input, 'a@b.co{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent(NEWSLETTER_MESSAGES.success);
    await user.type(input, 'x');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it.each([
    [
      'a server error',
      async () => jsonResponse(500, { ok: false, error: 'boom' }),
      NEWSLETTER_MESSAGES.failed,
    ],
    [
      'a validation reply',
      async () => jsonResponse(400, { ok: false, error: EMAIL_MESSAGES.invalid }),
      EMAIL_MESSAGES.invalid,
    ],
    ['a 200 without ok', async () => jsonResponse(200, { saved: true }), NEWSLETTER_MESSAGES.failed],
    [
      'a network failure',
      async () => {
        throw new TypeError('Failed to fetch');
      },
      NEWSLETTER_MESSAGES.offline,
    ],
  ])('shows an error, never success, on %s and keeps the input', async (_, impl, message) => {
    stubFetch(impl);
    const { user, input } = setup();
    await user.type(input, 'a@b.co{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(input).toHaveValue('a@b.co');
  });

  it('disables the button while the request runs (no double sign-up)', async () => {
    let resolve: (r: Response) => void = () => {};
    const fetchMock = stubFetch(() => new Promise<Response>((r) => (resolve = r)));
    const { user, input } = setup();
    await user.type(input, 'a@b.co');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    const busy = await screen.findByRole('button', { name: 'Subscribing...' });
    expect(busy).toBeDisabled();
    await user.type(input, '{Enter}');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(async () => resolve(jsonResponse(200, { ok: true })));
    expect(await screen.findByRole('status')).toHaveTextContent(NEWSLETTER_MESSAGES.success);
  });

  it('shows the outcome of a sign-up whose form mounted again while its request was in flight', async () => {
    let resolve: (r: Response) => void = () => {};
    const fetchMock = stubFetch(() => new Promise<Response>((r) => (resolve = r)));
    const { user, input } = setup();
    await user.type(input, 'a@b.co{Enter}');
    await screen.findByRole('button', { name: 'Subscribing...' });
    // The page renders the form again (a new instance) before the server answers.
    cleanup();
    render(<NewsletterForm source="home" heading="Join Our Newsletter" />);
    const again = screen.getByLabelText('Email address');
    await user.type(again, 'a@b.co');
    expect(screen.getByRole('button', { name: 'Subscribing...' })).toBeDisabled();
    await act(async () => resolve(jsonResponse(200, { ok: true })));
    expect(await screen.findByRole('status')).toHaveTextContent(NEWSLETTER_MESSAGES.success);
    expect(again).toHaveValue('');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('NewsletterForm, signed up again and again', () => {
  /**
   * How the form may be on the page when the server's answer lands: the same instance; rendered again
   * (a new instance) while the request runs; rendered again in the very commit that shows the answer; or
   * gone for a moment and back just after the answer (a page rendering its form again on a slow phone).
   */
  const WAYS = ['same form', 'again before', 'again with the answer', 'gone as it lands'] as const;

  it('shows every successful sign-up, whatever the form goes through as the answer lands', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const answers: Array<(r: Response) => void> = [];
    const fetchMock = stubFetch(() => new Promise<Response>((r) => answers.push(r)));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    const form = (key: number) => <NewsletterForm key={key} source="home" heading="Join Our Newsletter" />;
    let key = 0;
    const view = render(form(key));

    for (let i = 0; i < 24; i++) {
      const way = WAYS[i % WAYS.length];
      const address = `fan-${i}@example.ie`;
      await user.click(screen.getByLabelText('Email address'));
      await user.paste(address);
      await user.keyboard('{Enter}');
      await screen.findByRole('button', { name: 'Subscribing...' });
      expect(fetchMock).toHaveBeenCalledTimes(i + 1);
      const answer = answers[i];
      if (!answer) throw new Error('no request');
      // Part of a previous message's time has gone by: a timer left from it must not clear this one.
      act(() => {
        vi.advanceTimersByTime(TIMINGS_MS.newsletterMessage - 100);
      });
      if (way === 'again before') view.rerender(form(++key));
      if (way === 'gone as it lands') view.rerender(<p>elsewhere</p>);
      await act(async () => {
        answer(jsonResponse(200, { ok: true }));
        if (way === 'again with the answer') view.rerender(form(++key));
      });
      if (way === 'gone as it lands') view.rerender(form(++key));

      const status = screen.getByRole('status');
      await vi.waitFor(() => expect(status, `${way} #${i}`).toHaveTextContent(NEWSLETTER_MESSAGES.success));
      expect(screen.getByLabelText('Email address'), `${way} #${i}`).toHaveValue('');
      expect(screen.getByRole('button', { name: 'Subscribe' })).toBeEnabled();
      // It stays for its time, then goes by itself.
      act(() => {
        vi.advanceTimersByTime(TIMINGS_MS.newsletterMessage - 250);
      });
      expect(screen.getByRole('status'), `${way} #${i}`).toHaveTextContent(NEWSLETTER_MESSAGES.success);
      act(() => {
        vi.advanceTimersByTime(250);
      });
      expect(screen.getByRole('status')).toBeEmptyDOMElement();
    }
  });
});
