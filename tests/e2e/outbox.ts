/**
 * The real server's e-mails in the journeys: the default transport writes each one as an .eml file in
 * DATA_DIR/outbox, named with the order's reference and the mail's kind.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type ParsedMail, simpleParser } from 'mailparser';

export const OUTBOX = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');

/**
 * The .eml files of an order (of one kind, when given); none yet while the outbox is still empty. `outbox`:
 * a shop of the file's own (own-shop.ts) writes into its own DATA_DIR.
 */
export function emlFilesFor(reference: string, kind = '', outbox = OUTBOX): string[] {
  try {
    return readdirSync(outbox).filter((f) => f.endsWith('.eml') && f.includes(reference) && f.includes(kind));
  } catch {
    return [];
  }
}

export function readEml(file: string, outbox = OUTBOX): Promise<ParsedMail> {
  return simpleParser(readFileSync(path.join(outbox, file)));
}
