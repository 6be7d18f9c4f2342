/**
 * A dependency loaded on first use instead of at start: the clients of services a server may not be
 * configured for (PostgreSQL without DATABASE_URL, Redis without REDIS_URL, Stripe without a key). Loading
 * them took about 335 ms of a 1.8 s start (ioredis 135, stripe 135, pg 65 ms, measured one by one), and
 * every test that starts the server waits for it. So are what only some requests and jobs use: the PDF
 * libraries (pdfkit for invoices, CN23s and the TEST labels, pdf-lib for the label batches; 250 to 300 ms
 * of CPU at start), markdown-it (a campaign's body; about 110 ms) and nodemailer (the first e-mail sent;
 * about 80 ms).
 *
 * Synchronous (`require`), because the code that first needs each one is: a pool or a client is
 * made where it is asked for. The packages are CommonJS or ship a CommonJS entry, which `require` loads.
 */
import { createRequire } from 'node:module';
import type PDFKitDocument from 'pdfkit';

const requireHere = createRequire(import.meta.url);

export function lazyModule<T>(specifier: string): () => T {
  let loaded: T | undefined;
  return () => {
    loaded ??= requireHere(specifier) as T;
    return loaded;
  };
}

/** pdfkit, which the invoices, the CN23 declarations and the TEST labels lay out with: one loader for all three. */
export const loadPdfKit = lazyModule<typeof PDFKitDocument>('pdfkit');
