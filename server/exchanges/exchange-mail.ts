/**
 * The exchanges' e-mails (docs/product/exchanges.md): the request to the owner with a receipt to the
 * shopper, then accepted or declined to the shopper. Each is one outbox row of a kind unique to the
 * exchange (mail-kinds.ts), queued in the step's own transaction, so it goes once and only once the step
 * is committed. The replacement's dispatch is the order's own "on its way" e-mail.
 */
import { BRAND, type SizeCode } from '../../domain/config';
import { exchangeItemText } from '../../domain/exchanges/exchanges';
import type { NewOutboxRow } from '../db/schema';
import { escapeHtml, htmlLink, htmlParagraph, money, type RenderedMail, signedMail } from '../mail/layout';
import { outboxRow } from '../mail/outbox';
import { senderDomain } from '../mail/transport';
import { type ExchangeMailKind, exchangeMailKind } from './mail-kinds';

export interface ExchangeMailFacts {
  readonly id: number;
  readonly orderId: string;
  readonly reference: string;
  readonly name: string;
  readonly fromSize: SizeCode;
  readonly toSize: SizeCode;
  /** Signed cents: above 0 she pays it, below 0 it is refunded. */
  readonly difference: number;
}

export interface ExchangeMailSetup {
  readonly mailFrom: string;
  /**
   * The order page's link, where the shopper follows the exchange: every e-mail to her carries it, with a
   * key of its own issued for that e-mail (orders' order-key.ts), as the desk's e-mails about an order do.
   */
  readonly pageUrl: string;
  /** The desk's order, for the owner. */
  readonly deskUrl: string;
}

function row(
  kind: ExchangeMailKind,
  facts: ExchangeMailFacts,
  to: string,
  subject: string,
  paragraphs: readonly string[],
  link: { url: string; label: string } | null,
  setup: ExchangeMailSetup,
): NewOutboxRow {
  const text = [...paragraphs, ...(link ? [`${link.label}: ${link.url}`] : [])].flatMap((p) => [p, '']);
  const html = [
    ...paragraphs.map((p) => htmlParagraph(escapeHtml(p))),
    ...(link ? [htmlParagraph(htmlLink(link.url, link.label))] : []),
  ];
  const mail = signedMail(subject, text, html);
  return outboxRow(
    {
      orderId: facts.orderId,
      reference: facts.reference,
      kind: exchangeMailKind(kind, facts.id),
      to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    },
    senderDomain(setup.mailFrom),
  );
}

function orderPage(setup: ExchangeMailSetup): { url: string; label: string } {
  return { url: setup.pageUrl, label: 'Your order page' };
}

function differenceText(difference: number): string {
  if (difference > 0)
    return `The new size costs ${money(difference)} more: we will send you a link to pay the difference.`;
  if (difference < 0)
    return `The new size costs ${money(-difference)} less: we will refund the difference to you.`;
  return 'The new size costs the same, so there is nothing to pay.';
}

/** The request: the owner is told, the shopper gets a receipt. */
export function requestedMails(
  facts: ExchangeMailFacts,
  to: { readonly owner: string; readonly shopper: string },
  setup: ExchangeMailSetup,
): NewOutboxRow[] {
  const item = exchangeItemText(facts.name, facts.fromSize, facts.toSize);
  const page = orderPage(setup);
  return [
    row(
      'requested',
      facts,
      to.owner,
      `Exchange asked for on ${facts.reference}: ${item}`,
      [`A shopper asked to exchange ${item} on order ${facts.reference}.`, differenceText(facts.difference)],
      { url: setup.deskUrl, label: 'Open the order in the desk' },
      setup,
    ),
    row(
      'receipt',
      facts,
      to.shopper,
      `We have your exchange request (${facts.reference})`,
      [
        'Hello,',
        `Thank you: we have your request to exchange ${item}. We will look at it and write to you again soon.`,
        differenceText(facts.difference),
      ],
      page,
      setup,
    ),
  ];
}

/** Accepted: the new size is made first; how to send the piece back. */
export function acceptedMail(facts: ExchangeMailFacts, to: string, setup: ExchangeMailSetup): NewOutboxRow {
  const item = exchangeItemText(facts.name, facts.fromSize, facts.toSize);
  const page = orderPage(setup);
  return row(
    'accepted',
    facts,
    to,
    `Your exchange is accepted (${facts.reference})`,
    [
      'Hello,',
      `Good news: your exchange of ${item} is accepted. We make your new size ahead of new orders and post it to you as soon as it is ready.`,
      `Please post the ${facts.fromSize} piece back to us, with your order reference ${facts.reference}.`,
      differenceText(facts.difference),
    ],
    page,
    setup,
  );
}

/** Declined, with the owner's reason. */
export function declinedMail(
  facts: ExchangeMailFacts,
  reason: string,
  to: string,
  setup: ExchangeMailSetup,
): NewOutboxRow {
  const item = exchangeItemText(facts.name, facts.fromSize, facts.toSize);
  const page = orderPage(setup);
  return row(
    'declined',
    facts,
    to,
    `About your exchange request (${facts.reference})`,
    [
      'Hello,',
      `We are sorry: we cannot exchange ${item} this time.`,
      `Why: ${reason}`,
      `Please reply to this e-mail if you would like to talk about it. ${BRAND.name}`,
    ],
    page,
    setup,
  );
}

/** An e-mail rendered elsewhere (the order's "On its way"), as this exchange's own outbox row. */
export function exchangeMailRow(
  kind: ExchangeMailKind,
  facts: ExchangeMailFacts,
  to: string,
  mail: RenderedMail,
  mailFrom: string,
): NewOutboxRow {
  return outboxRow(
    {
      orderId: facts.orderId,
      reference: facts.reference,
      kind: exchangeMailKind(kind, facts.id),
      to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    },
    senderDomain(mailFrom),
  );
}
