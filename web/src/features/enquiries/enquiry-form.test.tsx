// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CORPORATE_MINIMUM_TEXT,
  ENQUIRY_FIELD_ERRORS,
  ENQUIRY_FORM_TEXT,
} from '../../../../domain/enquiries/enquiry-texts';
import { addDays, irishDate } from '../../../../domain/shared/calendar-date';
import { EnquiryForm } from './enquiry-form';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const inAWeek = addDays(irishDate(new Date()), 7);

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('radio', { name: 'Corporate gift' }));
  await user.type(screen.getByLabelText(ENQUIRY_FORM_TEXT.name), 'Niamh Kelly');
  await user.type(screen.getByLabelText(ENQUIRY_FORM_TEXT.email), ' niamh@example.ie ');
  await user.type(screen.getByLabelText(ENQUIRY_FORM_TEXT.company), 'Kelly & Co');
  await user.type(screen.getByLabelText(ENQUIRY_FORM_TEXT.pieces), '30');
  await user.type(screen.getByLabelText(ENQUIRY_FORM_TEXT.neededBy), inAWeek);
  await user.type(screen.getByLabelText(ENQUIRY_FORM_TEXT.budget), '25,50');
  await user.type(screen.getByLabelText(ENQUIRY_FORM_TEXT.occasion), 'Christmas gifts <b>green</b>');
  await user.type(screen.getByLabelText(ENQUIRY_FORM_TEXT.message), 'Thirty for the team.');
}

describe('EnquiryForm', () => {
  it('labels every field and shows an error next to each required one, focusing the first; nothing is sent', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(201, { ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    render(<EnquiryForm />);
    expect(screen.getByRole('form', { name: ENQUIRY_FORM_TEXT.heading })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: ENQUIRY_FORM_TEXT.kind })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: ENQUIRY_FORM_TEXT.submit }));

    await waitFor(() => expect(screen.getByRole('radio', { name: 'Corporate gift' })).toHaveFocus());
    expect(screen.getByText(ENQUIRY_FIELD_ERRORS.kind)).toBeInTheDocument();
    for (const [label, message] of [
      [ENQUIRY_FORM_TEXT.name, ENQUIRY_FIELD_ERRORS.name],
      [ENQUIRY_FORM_TEXT.email, ENQUIRY_FIELD_ERRORS.email],
      [ENQUIRY_FORM_TEXT.pieces, ENQUIRY_FIELD_ERRORS.pieces],
      [ENQUIRY_FORM_TEXT.neededBy, ENQUIRY_FIELD_ERRORS.neededBy],
      [ENQUIRY_FORM_TEXT.occasion, ENQUIRY_FIELD_ERRORS.occasion],
      [ENQUIRY_FORM_TEXT.message, ENQUIRY_FIELD_ERRORS.message],
    ] as const) {
      const field = screen.getByLabelText(label);
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(expect.stringContaining(message));
    }
    expect(screen.getByLabelText(ENQUIRY_FORM_TEXT.company)).not.toHaveAttribute('aria-invalid');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('tells a corporate enquiry under the minimum before sending, and refuses to send it', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(201, { ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    render(<EnquiryForm />);
    await fillValid(user);
    const pieces = screen.getByLabelText(ENQUIRY_FORM_TEXT.pieces);
    await user.clear(pieces);
    await user.type(pieces, '6');
    expect(screen.getByText(CORPORATE_MINIMUM_TEXT)).toBeInTheDocument();
    expect(pieces).toHaveAccessibleDescription(CORPORATE_MINIMUM_TEXT);

    await user.click(screen.getByRole('button', { name: ENQUIRY_FORM_TEXT.submit }));
    await waitFor(() => expect(pieces).toHaveFocus());
    expect(pieces).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();

    // A bespoke design has no minimum.
    await user.click(screen.getByRole('radio', { name: 'Bespoke design' }));
    expect(screen.queryByText(CORPORATE_MINIMUM_TEXT)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: ENQUIRY_FORM_TEXT.submit }));
    await screen.findByText(ENQUIRY_FORM_TEXT.success);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('sends the checked body (cents, the trimmed address, text as typed), then clears and says so', async () => {
    let sent: unknown = null;
    let release: (r: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        sent = JSON.parse(String(init?.body));
        return new Promise<Response>((resolve) => {
          release = resolve;
        });
      }),
    );
    const user = userEvent.setup();
    render(<EnquiryForm />);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: ENQUIRY_FORM_TEXT.submit }));
    expect(await screen.findByRole('button', { name: ENQUIRY_FORM_TEXT.submitting })).toBeDisabled();
    expect(sent).toEqual({
      kind: 'corporate',
      name: 'Niamh Kelly',
      email: 'niamh@example.ie',
      company: 'Kelly & Co',
      pieces: 30,
      neededBy: inAWeek,
      budgetPerPiece: 2550,
      occasion: 'Christmas gifts <b>green</b>',
      message: 'Thirty for the team.',
    });
    release(jsonResponse(201, { ok: true }));
    expect(await screen.findByRole('status')).toHaveTextContent(ENQUIRY_FORM_TEXT.success);
    expect(screen.getByLabelText(ENQUIRY_FORM_TEXT.name)).toHaveValue('');
    expect(screen.getByRole('button', { name: ENQUIRY_FORM_TEXT.submit })).toBeEnabled();
  });

  it("shows the server's refusal and keeps what was typed", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(429, { ok: false, error: 'Too many requests; try again in 60 seconds' }),
      ),
    );
    const user = userEvent.setup();
    render(<EnquiryForm />);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: ENQUIRY_FORM_TEXT.submit }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests; try again in 60 seconds');
    expect(screen.getByLabelText(ENQUIRY_FORM_TEXT.name)).toHaveValue('Niamh Kelly');
  });

  it('keeps the hidden field away from people: not in the tab order, hidden from screen readers', () => {
    const { container } = render(<EnquiryForm />);
    const trap = container.querySelector('input[name="website"]');
    expect(trap).toHaveAttribute('tabindex', '-1');
    expect(trap?.closest('[aria-hidden="true"]')).not.toBeNull();
  });
});
