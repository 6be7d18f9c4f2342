/** The invitation e-mail: who invited, and one link, the one-time link to the desk's welcome screen. */
import { BRAND } from '../../domain/config';
import { escapeHtml, htmlLink, htmlMail, htmlParagraph, type RenderedMail } from '../mail/layout';

export interface InvitationMailInput {
  readonly name: string;
  /** The name of the person who invited; null when it was the shop's token (the owner, unnamed). */
  readonly invitedBy: string | null;
  readonly role: 'owner' | 'maker';
  readonly link: string;
  readonly expiresAt: Date;
}

function when(date: Date): string {
  return new Intl.DateTimeFormat('en-IE', {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: 'Europe/Dublin',
  }).format(date);
}

export function invitationMail(input: InvitationMailInput): RenderedMail {
  const subject = `You are invited to the ${BRAND.name} desk`;
  const role = input.role === 'owner' ? 'an owner' : 'a maker (orders, making and packing)';
  const inviter = input.invitedBy ?? `The ${BRAND.name} owner`;
  const intro = `Hello ${input.name}, ${inviter} has added you to the ${BRAND.name} desk as ${role}.`;
  const how =
    "Open the link below on the phone or computer you will use, and register a passkey: your phone's fingerprint or face, or your computer's screen lock. There is no password.";
  const expiry = `The link works once, until ${when(input.expiresAt)}.`;
  const text = `${intro}\n\n${how}\n\n${input.link}\n\n${expiry}\n`;
  const html = htmlMail(subject, [
    htmlParagraph(escapeHtml(intro)),
    htmlParagraph(escapeHtml(how)),
    htmlParagraph(htmlLink(input.link, 'Open the desk and register your passkey')),
    htmlParagraph(escapeHtml(expiry)),
  ]);
  return { subject, text, html };
}
