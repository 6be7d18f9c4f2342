/**
 * Corporate and bespoke enquiries (docs/product/enquiries.md §16): the paths, statuses, limits and every text the
 * form, the server and the desk show. No zod here: the form's first render reads these, and its checks
 * (domain/enquiries/enquiries.ts, zod/mini) load only when the visitor starts filling it in.
 */
import { BRAND, CORPORATE } from '../config';

export const ENQUIRY_API = {
  submit: '/api/enquiries',
  admin: '/api/admin/enquiries',
} as const;

export function adminEnquiryPath(id: string): string {
  return `${ENQUIRY_API.admin}/${encodeURIComponent(id)}`;
}

/** The owner's pipeline: new -> quoted (a quote was sent) -> won | lost. Any move is the owner's choice. */
export const ENQUIRY_STATUSES = ['new', 'quoted', 'won', 'lost'] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];

export const ENQUIRY_STATUS_LABELS: Readonly<Record<EnquiryStatus, string>> = {
  new: 'New',
  quoted: 'Quoted',
  won: 'Won',
  lost: 'Lost',
};

/** "What is it for": the minimum number of pieces applies to corporate gifts only. */
export const ENQUIRY_KINDS = ['corporate', 'bespoke'] as const;
export type EnquiryKind = (typeof ENQUIRY_KINDS)[number];

export const ENQUIRY_KIND_LABELS: Readonly<Record<EnquiryKind, string>> = {
  corporate: 'Corporate gift',
  bespoke: 'Bespoke design',
};

export const ENQUIRY_LIMITS = {
  nameMax: 100,
  companyMax: 120,
  occasionMax: 200,
  messageMax: 4000,
  notesMax: 4000,
  piecesMax: 10_000,
  /** Cents: €10,000 a piece is far beyond any bracelet; more is a typing mistake. */
  budgetMax: 1_000_000,
  /** The honeypot's value is never stored; a long one is still only a bot's. */
  honeypotMax: 1000,
  /** The desk's list: the newest this many (an enquiry lives a year at most, §12). */
  listMax: 500,
} as const;

/** The hidden field people never see or fill in; a form that arrives with it filled was sent by a bot. */
export const ENQUIRY_HONEYPOT = 'website';

/** The API's refusals (400), each naming its field. */
export const ENQUIRY_MESSAGES = {
  name: `name must be 1 to ${ENQUIRY_LIMITS.nameMax} characters`,
  email: 'email must be a valid email address of at most 255 characters',
  company: `company must be at most ${ENQUIRY_LIMITS.companyMax} characters`,
  pieces: `pieces must be a whole number from 1 to ${ENQUIRY_LIMITS.piecesMax}`,
  neededBy: 'neededBy must be a date as YYYY-MM-DD, today or later',
  budgetPerPiece: `budgetPerPiece must be a whole number of cents from 1 to ${ENQUIRY_LIMITS.budgetMax}`,
  kind: 'kind must be corporate or bespoke',
  occasion: `occasion must be at most ${ENQUIRY_LIMITS.occasionMax} characters`,
  message: `message must be 1 to ${ENQUIRY_LIMITS.messageMax} characters`,
  honeypot: `${ENQUIRY_HONEYPOT} must be text`,
  status: `status must be one of ${ENQUIRY_STATUSES.join(', ')}`,
  notes: `notes must be at most ${ENQUIRY_LIMITS.notesMax} characters`,
  emptyPatch: 'Give status or notes',
  notFound: 'No enquiry with that id',
} as const;

/** The form's own words, next to each field (the API's are for scripts). */
export const ENQUIRY_FORM_TEXT = {
  heading: 'Send us an enquiry',
  intro:
    'Tell us what you have in mind and we will reply personally with ideas, a price per piece and a date.',
  kind: 'What is it for',
  name: 'Your name',
  email: 'Email address',
  company: 'Company (optional)',
  pieces: 'Number of pieces',
  neededBy: 'Date needed',
  budget: 'Budget per piece in euro (optional)',
  occasion: 'The occasion or design you want',
  occasionHint: 'For example: bridesmaids in sage green, or gifts in our brand colours',
  message: 'Message',
  honeypot: 'Leave this field empty',
  submit: 'Send enquiry',
  submitting: 'Sending…',
  success:
    'Thank you! Your enquiry has reached us. We have e-mailed you a copy of the details and will reply personally.',
  errorsSummary: 'Please correct the fields marked below.',
  failed: "We couldn't send your enquiry just now. Please try again in a moment.",
  offline: "We couldn't reach the shop. Check your connection and try again.",
} as const;

/** Shown as soon as a corporate enquiry's pieces are under the minimum, and refused in the form. */
export const CORPORATE_MINIMUM_TEXT = `Corporate orders start at ${CORPORATE.minimumPieces} pieces. For fewer, choose Bespoke design, or shop the collection.`;

export const ENQUIRY_FIELD_ERRORS = {
  name: 'Enter your name.',
  email: 'Please enter a valid email address',
  company: `Keep the company name to ${ENQUIRY_LIMITS.companyMax} characters.`,
  pieces: `Enter the number of pieces, from 1 to ${ENQUIRY_LIMITS.piecesMax}.`,
  neededBy: 'Enter the date you need them by, today or later.',
  budgetPerPiece: 'Enter the budget per piece in euro, like 25 or 25.50, or leave it empty.',
  kind: 'Choose what it is for.',
  occasion: 'Tell us the occasion or the design you want.',
  message: 'Write a short message.',
} as const;

export type EnquiryField = keyof typeof ENQUIRY_FIELD_ERRORS;

/** The order the fields come in the form: the first with an error takes the focus. */
export const ENQUIRY_FIELD_ORDER: readonly EnquiryField[] = [
  'kind',
  'name',
  'email',
  'company',
  'pieces',
  'neededBy',
  'budgetPerPiece',
  'occasion',
  'message',
];

/** The e-mails' subjects: facts chosen by the shop, never text a visitor typed. */
export const ENQUIRY_MAIL_SUBJECTS = {
  acknowledgement: `We have your enquiry: ${BRAND.name}`,
  owner: (kind: EnquiryKind, pieces: number) =>
    `New ${kind === 'corporate' ? 'corporate' : 'bespoke'} enquiry: ${pieces} ${pieces === 1 ? 'piece' : 'pieces'}`,
  /** The desk's Reply link. */
  reply: `Your enquiry to ${BRAND.name}`,
} as const;

/**
 * This browser's today as YYYY-MM-DD: the form's date picker starts there and refuses earlier days (the
 * server holds the shop's Irish today to the same rule).
 */
export function localIsoDate(now: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
}

/** Corporate when the visitor said so; without a choice, a company name makes it corporate. */
export function enquiryKindOf(kind: EnquiryKind | undefined, company: string | null): EnquiryKind {
  return kind ?? (company ? 'corporate' : 'bespoke');
}

/** Whether the form must tell the visitor the corporate minimum before sending. */
export function belowCorporateMinimum(kind: EnquiryKind, pieces: number): boolean {
  return kind === 'corporate' && Number.isFinite(pieces) && pieces >= 1 && pieces < CORPORATE.minimumPieces;
}
