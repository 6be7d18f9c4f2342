/**
 * What the newsletter's list and "tell me when it's back" share to queue their e-mails (the double opt-in's
 * rules are server/db/double-opt-in.ts).
 */

/** What a store needs to queue its e-mails in the outbox. */
export interface MailQueueOptions {
  readonly senderDomain: string;
  /** Called after a confirmation was queued (wakes the outbox sender). */
  readonly onMailQueued?: () => void;
}
