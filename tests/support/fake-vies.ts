/**
 * A small VIES for tests: POST /check-vat-number answers as the Commission's REST API does (`valid`,
 * `requestIdentifier`, `name`, `address`) for the numbers it is given; `mode` makes it hang (never
 * answer, for the 5 s timeout) or fail (a 500 with VIES's MS_UNAVAILABLE). It records each request.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeTrader {
  readonly name: string;
  readonly address: string;
}

export interface ViesRequest {
  readonly countryCode: string;
  readonly vatNumber: string;
  readonly requesterMemberStateCode?: string;
  readonly requesterNumber?: string;
}

export interface FakeVies {
  /** The base to give as VIES_URL. */
  readonly url: string;
  readonly requests: ViesRequest[];
  /** How many requests got their answer written in full (a hanging one never does). */
  readonly answered: number;
  mode: 'answer' | 'hang' | 'fail';
  close(): Promise<void>;
}

export async function startFakeVies(registered: Readonly<Record<string, FakeTrader>>): Promise<FakeVies> {
  const hanging = new Set<ServerResponse>();
  let consultations = 0;
  const state: { mode: FakeVies['mode'] } = { mode: 'answer' };
  const requests: ViesRequest[] = [];
  let answered = 0;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    res.on('finish', () => {
      answered += 1;
    });
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/check-vat-number') {
        res.writeHead(404).end();
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as ViesRequest;
      requests.push(body);
      if (state.mode === 'hang') {
        hanging.add(res);
        return;
      }
      if (state.mode === 'fail') {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ actionSucceed: false, errorWrappers: [{ error: 'MS_UNAVAILABLE' }] }));
        return;
      }
      const trader = registered[`${body.countryCode}${body.vatNumber}`];
      const withRequester = Boolean(body.requesterMemberStateCode && body.requesterNumber);
      consultations += 1;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          countryCode: body.countryCode,
          vatNumber: body.vatNumber,
          requestDate: new Date().toISOString(),
          valid: trader !== undefined,
          requestIdentifier: trader && withRequester ? `WAPI${String(consultations).padStart(10, '0')}` : '',
          name: trader?.name ?? '---',
          address: trader?.address ?? '---',
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    get answered() {
      return answered;
    },
    get mode() {
      return state.mode;
    },
    set mode(mode) {
      state.mode = mode;
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
