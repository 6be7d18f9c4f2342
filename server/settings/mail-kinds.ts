/** The settings' e-mails (an outbox row's `kind`), declared to the platform (./declaration.ts). */
export const SETTINGS_MAIL_KINDS = {
  /** "Tell me when you're back": the confirmation, then the one e-mail on return. */
  backInTouchConfirmation: 'back-in-touch-confirmation',
  backInTouch: 'back-in-touch',
} as const;
