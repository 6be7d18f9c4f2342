/**
 * What the gift-card suites share: a card's code as its e-mail prints it, the shopper and the bracelet the
 * checkout suites pay for with cards, and a card issued from the desk with its code read back from the
 * recipient's .eml, as a person would.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { outboxRows, outboxSettled } from './test-app';

export const CODE_RE = /[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}/;
export const SHOPPER = 'aoife@example.ie';
/** Product 3, one: the bracelet the checkout suites buy. */
export const BRACELET = { id: '3', quantity: 1 };
export const ADDRESS = {
  name: 'Aoife Byrne',
  line1: '12 Quay Street',
  city: 'Galway',
  postalCode: 'H91 X2Y3',
  country: 'IE',
};

/** The desk's body for a free card of `amount` cents to the same holder, for goodwill. */
export const goodwill = (amount: number) => ({
  amount,
  recipientName: 'Gift Holder',
  recipientEmail: 'holder@example.ie',
  reason: 'Goodwill',
});

/**
 * The card the desk's answer `issued` made (a 201), its code from the recipient's e-mail once the outbox
 * has sent it ('' when there is none), and that e-mail.
 */
export async function issued(app: FastifyInstance, issued: LightMyRequestResponse) {
  expect(issued.statusCode).toBe(201);
  const card = issued.json().giftCard as { id: string; last4: string };
  await outboxSettled(app);
  const mail = (await outboxRows(app)).find((m) => m.kind === `gift-card-${card.id}`);
  const code = mail?.text_body.match(CODE_RE)?.[0] ?? '';
  return { card, code, mail };
}
