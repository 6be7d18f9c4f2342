/**
 * Where e-mails go: SMTP (nodemailer) when SMTP_URL is configured, otherwise one `.eml` file per message
 * in DATA_DIR/outbox, ready to open in any mail program. Both receive a fully built message whose
 * recipients were decided by the server (the order's e-mail or the owner's order address in her
 * settings), never by a request.
 */
import { mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type Nodemailer from 'nodemailer';
import { BRAND } from '../../domain/config';
import { checkEmail } from '../../domain/shared/email';
import { lazyModule } from '../lib/lazy-module';

/**
 * nodemailer, loaded when the first message is built, not at every start (server/lib/lazy-module.ts):
 * about 80 ms of CPU, and most starts send nothing at once.
 */
const loadNodemailer = lazyModule<typeof Nodemailer>('nodemailer');

export interface OutgoingMail {
  readonly outboxId: number;
  readonly kind: string;
  readonly messageId: string;
  readonly from: string;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  /** For file names and logs: the order reference. */
  readonly reference: string;
  /** Newsletter e-mail: the one-click unsubscribe URL; null for order e-mail. */
  readonly listUnsubscribe: string | null;
  /** Where a reply goes when not to the sender (an enquiry's client); one checked address, or null. */
  readonly replyTo?: string | null;
}

export interface MailTransport {
  /** For the start-up log line, without credentials. */
  readonly description: string;
  /** Resolves with a short description of where the message went; rejects when it did not go. */
  send(mail: OutgoingMail): Promise<string>;
  /**
   * Deletes what it kept of a sent message (the .eml file) whose address was erased while it was being
   * sent; a mail server's copy is gone from the shop already.
   */
  forget?(outboxId: number): void;
  close(): void;
}

/** An error the receiving server gave for a recipient (5xx to RCPT TO): retrying will not help. */
export function isPermanentFailure(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const e = err as { code?: unknown; responseCode?: unknown };
  return e.code === 'EENVELOPE' && typeof e.responseCode === 'number' && e.responseCode >= 500;
}

/** A Reply-To that is one valid address (no spaces, commas or line breaks: one header, one mailbox), or null. */
export function replyAddress(address: string | null): string | null {
  if (address === null) return null;
  const checked = checkEmail(address);
  return checked.ok ? checked.email : null;
}

function mailOptions(mail: OutgoingMail) {
  const replyTo = replyAddress(mail.replyTo ?? null);
  return {
    from: { name: BRAND.name, address: mail.from },
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: mail.messageId,
    // Checked again here, where the header is written: one plain address or no Reply-To at all.
    ...(replyTo ? { replyTo } : {}),
    // Recipients are exactly the To address: no Cc/Bcc, and the envelope says so explicitly.
    envelope: { from: mail.from, to: [mail.to] },
    disableFileAccess: true,
    disableUrlAccess: true,
    // RFC 8058: the mail program offers "unsubscribe" and POSTs `List-Unsubscribe=One-Click` to the URL.
    headers: mail.listUnsubscribe
      ? {
          'List-Unsubscribe': `<${mail.listUnsubscribe}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        }
      : undefined,
  };
}

export function createSmtpTransport(smtpUrl: string): MailTransport {
  // Made at the first message (and never, when nothing is sent before the close).
  let made: ReturnType<typeof Nodemailer.createTransport> | null = null;
  const transporter = () => {
    made ??= loadNodemailer().createTransport({
      url: smtpUrl,
      // One connection carries a burst of messages (a campaign, a day's confirmations) instead of a new
      // connection, greeting and handshake for each: 500 messages to a local server took 55 s one
      // connection each and 7 s pooled. The outbox sends one message at a time, so one connection is
      // enough; it is closed after 10 s without a message rather than held open on the mail server.
      pool: true,
      maxConnections: 1,
      idleTimeout: 10_000,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    return made;
  };
  const safe = new URL(smtpUrl);
  return {
    description: `SMTP ${safe.protocol}//${safe.hostname}${safe.port ? `:${safe.port}` : ''}`,
    async send(mail) {
      const info = await transporter().sendMail(mailOptions(mail));
      return `accepted by SMTP server: ${String(info.response ?? 'ok').slice(0, 200)}`;
    },
    close() {
      made?.close();
    },
  };
}

/** Safe file-name part: letters, digits and dashes only. */
function fileSafe(value: string): string {
  return value.replace(/[^A-Za-z0-9-]/g, '');
}

export function createFileTransport(dir: string): MailTransport {
  let made: ReturnType<typeof Nodemailer.createTransport> | null = null;
  const builder = () => {
    made ??= loadNodemailer().createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    return made;
  };
  return {
    description: `.eml files in ${dir}`,
    async send(mail) {
      const info = await builder().sendMail(mailOptions(mail));
      const raw = info.message;
      if (!Buffer.isBuffer(raw)) throw new Error('Mail builder returned a stream instead of a buffer');
      mkdirSync(dir, { recursive: true });
      // One fixed name per outbox row: a resend after a crash overwrites, never duplicates. Written to a
      // temporary name first so a reader never sees half a message.
      const name = `${String(mail.outboxId).padStart(6, '0')}-${fileSafe(mail.reference)}-${fileSafe(mail.kind)}.eml`;
      const file = path.join(dir, name);
      const tmp = `${file}.tmp`;
      writeFileSync(tmp, raw);
      renameSync(tmp, file);
      return `written to ${file}`;
    },
    forget(outboxId) {
      const prefix = `${String(outboxId).padStart(6, '0')}-`;
      let names: string[];
      try {
        names = readdirSync(dir);
      } catch {
        return;
      }
      for (const name of names) if (name.startsWith(prefix)) rmSync(path.join(dir, name), { force: true });
    },
    close() {
      made?.close();
    },
  };
}

/** The domain of the sender's address (MAIL_FROM): the Message-IDs of the shop's e-mails are made on it. */
export function senderDomain(address: string): string {
  return address.slice(address.lastIndexOf('@') + 1);
}
