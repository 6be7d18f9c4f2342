import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { apiErrorHandler } from './api-support';
import { REFUSAL_STATUS, type RefusalReason, refuse } from './refusal';

describe('the one mapping from a refusal to an answer', () => {
  it.each(Object.entries(REFUSAL_STATUS))(
    '%s is answered %i with the refusal’s own words',
    async (reason, status) => {
      const app = Fastify();
      apiErrorHandler(app);
      app.get('/refused', async () => refuse(reason as RefusalReason, `No: ${reason}`));
      const res = await app.inject({ method: 'GET', url: '/refused' });
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual({ ok: false, error: `No: ${reason}` });
      await app.close();
    },
  );

  it('carries its extra fields, and they cannot overwrite ok or error', async () => {
    const app = Fastify();
    apiErrorHandler(app);
    app.get('/stale', async () =>
      refuse('conflict', 'Changed elsewhere', { current: { v: 2 }, ok: true, error: 'x' }),
    );
    const res = await app.inject({ method: 'GET', url: '/stale' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ ok: false, error: 'Changed elsewhere', current: { v: 2 } });
    await app.close();
  });
});
