import Fastify, { type FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { apiErrorHandler } from './api-support';
import { fieldPath, VALIDATION_MESSAGES, validateField, zodValidatorCompiler } from './validation';

const OWN = 'Quantity must be a whole number from 1 to 10';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

async function app(): Promise<FastifyInstance> {
  const a = Fastify({ logger: false });
  a.setValidatorCompiler(zodValidatorCompiler);
  apiErrorHandler(a);
  const body = z.strictObject({
    items: z.array(z.strictObject({ id: z.string(), quantity: z.number().check(z.lte(10, { error: OWN })) })),
  });
  const query = z.strictObject({ page: z.optional(z.string().check(z.regex(/^\d+$/))) });
  a.withTypeProvider<ZodTypeProvider>().post(
    '/things/:id',
    { schema: { body, querystring: query, params: z.object({ id: z.string().check(z.maxLength(3)) }) } },
    async (request) => ({ ok: true, count: request.body.items.length }),
  );
  await a.ready();
  apps.push(a);
  return a;
}

function post(a: FastifyInstance, payload: string, url = '/things/abc') {
  return a.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload });
}

describe('route schemas', () => {
  it('let a valid request through, parsed', async () => {
    const res = await post(await app(), JSON.stringify({ items: [{ id: '1', quantity: 2 }] }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, count: 1 });
  });

  it.each([
    ['a schema message of its own, as written', { items: [{ id: '1', quantity: 11 }] }, OWN],
    [
      "zod's wording, after the field's path",
      { items: [{ id: '1', quantity: '2' }] },
      'items[0].quantity: Invalid input: expected number, received string',
    ],
    ['an unexpected key', { items: [], price: 1 }, 'Unrecognized key: "price"'],
    ['a body that is not an object', [1, 2], VALIDATION_MESSAGES.notAnObject],
    ['a missing field', {}, 'items: Invalid input: expected array, received undefined'],
  ])('answer 400 { ok: false, error } for %s', async (_label, body, error) => {
    const res = await post(await app(), JSON.stringify(body));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ ok: false, error });
  });

  it('name the query or the path parameter that is wrong', async () => {
    const a = await app();
    const valid = JSON.stringify({ items: [] });
    expect((await post(a, valid, '/things/abc?page=x')).json()).toEqual({
      ok: false,
      error: 'page: Invalid string: must match pattern /^\\d+$/',
    });
    expect((await post(a, valid, '/things/abcd')).json()).toEqual({
      ok: false,
      error: 'id: Too big: expected string to have <=3 characters',
    });
  });

  it('write a path as the shop names fields', () => {
    expect(fieldPath(['items', 0, 'size'])).toBe('items[0].size');
    expect(fieldPath([])).toBe('');
  });
});

describe('validateField (a value no route schema covers: a multipart field, a CSV cell)', () => {
  const quantity = z.number().check(z.int({ error: 'Quantity must be a whole number' }));
  const label = z.string().check(z.maxLength(3));

  it('gives back the parsed value', () => {
    expect(validateField(quantity, 4, 'quantity')).toEqual({ ok: true, value: 4 });
  });

  it("keeps a schema's own message as it is", () => {
    expect(validateField(quantity, 1.5, 'quantity')).toEqual({
      ok: false,
      message: 'Quantity must be a whole number',
    });
  });

  it("names the field in front of zod's wording, as a route's failure does", () => {
    const result = validateField(label, 'abcd', 'alt');
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toMatch(/^alt: Too big: expected string to have <=3 characters$/);
    const missing = validateField(label, undefined, 'alt');
    expect(!missing.ok && missing.message).toBe('alt: Invalid input: expected string, received undefined');
  });
});
