/**
 * The two e-mails of an enquiry (docs/product/enquiries.md §16): the owner's copy with the desk link, and the
 * visitor's acknowledgement. Everything a visitor typed is text: escaped in the HTML, never in a header
 * (the subjects are the shop's words and numbers). The acknowledgement repeats none of the typed text
 * (name, company, occasion, message), only the numbers and the date: an address anyone can type into the
 * form must not receive words of a stranger's choosing from the shop.
 */

import { BRAND } from '../../domain/config';
import {
  ENQUIRY_KIND_LABELS,
  ENQUIRY_MAIL_SUBJECTS,
  type EnquiryKind,
} from '../../domain/enquiries/enquiry-texts';
import { dateParts, formatDayMonth, parseIsoDate } from '../../domain/shared/calendar-date';
import {
  escapeHtml,
  htmlLink,
  htmlMail,
  htmlParagraph,
  money,
  type RenderedMail,
  signedMail,
} from '../mail/layout';
import type { EnquiryRow } from './enquiry-store';

/** Outbox kinds; the row's reference is the enquiry's id (log lines, .eml names, erasure). */
export const ENQUIRY_MAIL_KINDS = {
  acknowledgement: 'enquiry-acknowledgement',
  owner: 'enquiry-owner',
} as const;

/** The enquiry on the owner's desk; `publicUrl` has no trailing slash. */
export function deskEnquiryUrl(publicUrl: string, id: string): string {
  return `${publicUrl}/admin#/enquiries/${encodeURIComponent(id)}`;
}

/** "2026-12-24" -> "Thursday 24 December 2026": the visitor's calendar date, no time zone involved. */
export function enquiryDateText(date: string | null): string {
  const parsed = date ? parseIsoDate(date) : null;
  return parsed ? `${formatDayMonth(parsed)} ${dateParts(parsed).year}` : 'no date given';
}

function piecesText(pieces: number): string {
  return `${pieces} ${pieces === 1 ? 'piece' : 'pieces'}`;
}

/** The facts both e-mails share, as shop-worded lines. */
function numberLines(row: EnquiryRow): string[] {
  return [
    `For: ${ENQUIRY_KIND_LABELS[row.kind as EnquiryKind]}`,
    `Pieces: ${piecesText(row.pieces)}`,
    `Needed by: ${enquiryDateText(row.needed_by)}`,
    `Budget per piece: ${row.budget_per_piece === null ? 'not given' : money(row.budget_per_piece)}`,
  ];
}

export function enquiryOwnerMail(row: EnquiryRow, deskUrl: string): RenderedMail {
  const subject = ENQUIRY_MAIL_SUBJECTS.owner(row.kind, row.pieces);
  const who = [`Name: ${row.name}`, `E-mail: ${row.email}`, `Company: ${row.company ?? 'not given'}`];
  const occasion = `Occasion or design: ${row.occasion ?? 'not given'}`;
  const text = [
    'A new enquiry has arrived.',
    '',
    `Open it in the order desk: ${deskUrl}`,
    '',
    ...who,
    ...numberLines(row),
    occasion,
    '',
    'Message',
    ...row.message.split(/\r?\n/).map((l) => `  ${l}`),
    '',
  ].join('\n');
  const html = htmlMail(subject, [
    htmlParagraph('A new enquiry has arrived.'),
    htmlParagraph(`Open it in the ${htmlLink(deskUrl, 'order desk')}.`),
    htmlParagraph([...who, ...numberLines(row), occasion].map(escapeHtml).join('<br>')),
    htmlParagraph(
      `<strong>Message</strong><br><span style="white-space:pre-line;">${escapeHtml(row.message)}</span>`,
    ),
  ]);
  return { subject, text, html };
}

export function enquiryAcknowledgement(row: EnquiryRow, contactEmail: string): RenderedMail {
  const subject = ENQUIRY_MAIL_SUBJECTS.acknowledgement;
  const thanks = `Thank you for your enquiry to ${BRAND.name}. It has reached us, and we will reply personally with ideas, a price per piece and a date.`;
  const ignore = `If you did not send an enquiry, you can ignore this e-mail, or tell us at ${contactEmail}.`;
  return signedMail(
    subject,
    [
      'Hello,',
      '',
      thanks,
      '',
      'What you asked for',
      ...numberLines(row).map((l) => `  ${l}`),
      '',
      ignore,
      '',
    ],
    [
      htmlParagraph('Hello,'),
      htmlParagraph(escapeHtml(thanks)),
      htmlParagraph(
        `<strong>What you asked for</strong><br>${numberLines(row).map(escapeHtml).join('<br>')}`,
      ),
      htmlParagraph(escapeHtml(ignore)),
    ],
  );
}
