/**
 * The Reply-To header (docs/product/enquiries.md §16): one checked address becomes the header; anything else (a
 * line break that would start another header, a second address) leaves the message without one.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDataDir } from '../../tests/support/test-app';
import { outboxRow } from './outbox';
import { createFileTransport, type OutgoingMail, replyAddress } from './transport';

const dirs: ReturnType<typeof tempDataDir>[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) d.remove();
});

const MAIL: OutgoingMail = {
  outboxId: 1,
  kind: 'enquiry-owner',
  messageId: '<m1@solas.test>',
  from: 'hello@solas.test',
  to: 'owner@solas.test',
  subject: 'New enquiry',
  text: 'text',
  html: '<p>html</p>',
  reference: 'enq_1',
  listUnsubscribe: null,
};

async function written(replyTo: string | null): Promise<string> {
  const data = tempDataDir();
  dirs.push(data);
  const transport = createFileTransport(data.dir);
  await transport.send({ ...MAIL, replyTo });
  transport.close();
  const [file] = readdirSync(data.dir).filter((f) => f.endsWith('.eml'));
  return readFileSync(`${data.dir}/${file}`, 'utf8');
}

const INJECTIONS = [
  'client@example.ie\r\nBcc: evil@example.com',
  'client@example.ie\nBcc: evil@example.com',
  'client@example.ie, evil@example.com',
  'Client <client@example.ie>',
  'not an address',
];

describe('Reply-To', () => {
  it('writes one checked address as the header', async () => {
    const raw = await written('niamh+gifts@example.ie');
    expect(raw).toMatch(/^Reply-To: niamh\+gifts@example\.ie$/m);
    expect(raw.match(/^Reply-To:/gim)).toHaveLength(1);
  });

  it('has no Reply-To without one', async () => {
    expect(await written(null)).not.toMatch(/^Reply-To:/im);
  });

  /** The outbox row of an owner's enquiry e-mail answering to `replyTo`. */
  const enquiryRow = (replyTo: string) =>
    outboxRow(
      {
        orderId: null,
        reference: 'enq_1',
        kind: 'enquiry-owner',
        to: 'owner@solas.test',
        subject: 's',
        text: 't',
        html: 'h',
        replyTo,
      },
      'solas.test',
    );

  it.each(INJECTIONS)('refuses %j: no Reply-To, no extra header, no other recipient', async (bad) => {
    expect(replyAddress(bad)).toBeNull();
    const raw = await written(bad);
    expect(raw).not.toMatch(/^Reply-To:/im);
    expect(raw).not.toMatch(/^Bcc:/im);
    expect(raw).not.toContain('evil@example.com');
    const row = enquiryRow(bad);
    expect(row.reply_to).toBeNull();
  });

  it('keeps a valid address trimmed in the outbox row', () => {
    const row = enquiryRow(' niamh@example.ie ');
    expect(row.reply_to).toBe('niamh@example.ie');
  });
});
