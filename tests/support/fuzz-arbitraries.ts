/**
 * Generators of hostile HTTP requests for the fuzz tests (fast-check): bodies that look valid and bodies
 * that are garbage (deep nesting, huge and special numbers, unicode, prototype-pollution keys, broken
 * JSON, raw bytes), header sets (content types, origins, tokens, random names) and paths (traversal,
 * bad percent-encoding, NUL, very long segments).
 */
import fc from 'fast-check';
import { PRODUCTS } from '../../domain/catalogue';
import { ZONE_IDS } from '../../domain/config';
import { FORM_FIELDS } from '../../server/payments/test-checkout-form';

export type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'OPTIONS';

export interface FuzzRequest {
  readonly method: Method;
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly payload?: string | Buffer;
  readonly remoteAddress: string;
}

export const POLLUTION_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
];

const FIELD_KEYS = [
  'email',
  'items',
  'id',
  'quantity',
  'giftWrap',
  'zone',
  'price',
  'amount',
  'total',
  'source',
  'imageUrl',
  'editInstruction',
  'status',
  'admin',
];

const key = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...FIELD_KEYS) },
  { weight: 2, arbitrary: fc.constantFrom(...POLLUTION_KEYS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 6 }) },
);

const weirdString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom(
    '',
    ' ',
    'a@example.ie\r\nBcc: x@evil.test',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '../../etc/passwd',
    '\u0000',
    '\u202e',
    '%00',
    'cs_test_',
    'x'.repeat(5_000),
  ),
);

const weirdNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(
    0,
    -0,
    1,
    -1,
    0.5,
    2 ** 53,
    2 ** 53 + 2,
    -(2 ** 63),
    1e308,
    Number.MAX_VALUE,
    Number.MIN_VALUE,
  ),
);

/** Any JSON value, nested a few levels, with the keys the API knows and prototype-pollution keys. */
export const jsonValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    weirdString,
    weirdNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(key, tie('value'), { maxKeys: 6 }),
  ),
})).value;

/** JSON text that JSON.stringify cannot produce: the parser's edge cases. */
const rawJson = fc.oneof(
  fc.constantFrom(
    '1e999',
    '-1e999',
    '123456789012345678901234567890',
    '{"email":"a@example.ie","email":"b@example.ie","items":[{"id":"1","quantity":1}]}',
    '{"__proto__":{"polluted":true},"email":"a@example.ie","items":[{"id":"1","quantity":1}]}',
    '{"constructor":{"prototype":{"polluted":true}}}',
    '{"items":[{"id":"1","quantity":1e400}],"email":"a@example.ie"}',
    '{"items":[{"id":"1","quantity":1.0000000000000002}],"email":"a@example.ie"}',
    '\uFEFF{"email":"a@example.ie","items":[{"id":"1","quantity":1}]}',
    '{"email":"a@example.ie","items":[{"id":"1","quantity":1}]} trailing',
    '{"a":1}{"b":2}',
    '"just a string"',
    'null',
    'true',
    '[]',
    '{',
    '}',
    '',
    '\u0000',
  ),
  fc.integer({ min: 1, max: 6_000 }).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`),
  fc.integer({ min: 1, max: 3_000 }).map((n) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`),
  fc.integer({ min: 1, max: 6_000 }).map((n) => '['.repeat(n)),
);

/** The same JSON object text with an own "__proto__" key first (object literals cannot express it). */
export function polluted(json: string): string {
  if (!json.startsWith('{')) return json;
  const rest = json.slice(1);
  return `{"__proto__":{"isAdmin":true,"price":1}${rest === '}' ? '' : ','}${rest}`;
}

export const jsonBody: fc.Arbitrary<string | Buffer> = fc.oneof(
  { weight: 4, arbitrary: jsonValue.map((v) => JSON.stringify(v) ?? 'null') },
  { weight: 2, arbitrary: rawJson },
  {
    weight: 1,
    arbitrary: fc.tuple(jsonValue, fc.nat()).map(([v, cut]) => {
      const text = JSON.stringify(v) ?? '';
      return text.slice(0, cut % (text.length + 1));
    }),
  },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 300 }).map((a) => Buffer.from(a)) },
);

const productId = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...PRODUCTS.map((p) => p.id)) },
  { weight: 1, arbitrary: fc.constantFrom('0', '28', '-1', '1.0', ' 1', '01', '__proto__', 'constructor') },
  { weight: 1, arbitrary: weirdString },
  { weight: 1, arbitrary: weirdNumber },
);

const quantity = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 1, max: 10 }) },
  { weight: 2, arbitrary: weirdNumber },
  { weight: 1, arbitrary: fc.constantFrom('1', '2', null, true, [], {}) },
);

const email = fc.oneof(
  { weight: 4, arbitrary: fc.emailAddress() },
  { weight: 2, arbitrary: weirdString },
  {
    weight: 1,
    arbitrary: fc.constantFrom('a@example.ie', ' A@Example.IE ', `${'a'.repeat(250)}@example.ie`),
  },
);

/** Checkout bodies that are valid, nearly valid or a valid shape carrying extra (price) keys. */
export const checkoutBody: fc.Arbitrary<string | Buffer> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .record(
        {
          email,
          items: fc.array(fc.record({ id: productId, quantity }, { requiredKeys: [] }), { maxLength: 25 }),
          giftWrap: fc.oneof(fc.boolean(), jsonValue),
          zone: fc.oneof(fc.constantFrom(...ZONE_IDS), weirdString),
          price: weirdNumber,
        },
        { requiredKeys: ['email', 'items'] },
      )
      .chain((v) => fc.constantFrom(JSON.stringify(v), polluted(JSON.stringify(v)))),
  },
  { weight: 2, arbitrary: jsonBody },
);

export const newsletterBody: fc.Arbitrary<string | Buffer> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .record(
        {
          email,
          source: fc.oneof(fc.constantFrom('home', 'coming-soon', 'footer'), weirdString),
          admin: jsonValue,
        },
        { requiredKeys: ['email'] },
      )
      .map((v) => JSON.stringify(v)),
  },
  { weight: 2, arbitrary: jsonBody },
);

export const adminBody: fc.Arbitrary<string | Buffer> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .record(
        {
          imageUrl: fc.oneof(
            fc
              .tuple(
                fc.constantFrom(
                  'image/png',
                  'image/jpeg',
                  'image/webp',
                  'image/avif',
                  'image/svg+xml',
                  'text/html',
                ),
                fc.base64String({ maxLength: 400 }),
              )
              .map(([mime, b64]) => `data:${mime};base64,${b64}`),
            fc.constantFrom(
              'http://127.0.0.1/x.png',
              'file:///etc/passwd',
              'data:,hello',
              'data:image/png;base64,',
            ),
            weirdString,
          ),
          editInstruction: fc.oneof(
            fc.constantFrom('brighter', 'rotate 90', 'black and white', 'crop to square'),
            weirdString,
          ),
        },
        { requiredKeys: [] },
      )
      .map((v) => JSON.stringify(v)),
  },
  { weight: 1, arbitrary: jsonBody },
);

const formValue = fc.oneof(
  fc.constantFrom(
    'Aoife Byrne',
    '12 Harbour Road',
    'Howth',
    'D13 X2Y4',
    'IE',
    'DE',
    'US',
    '4242 4242 4242 4242',
    '4000 0000 0000 0002',
    '4111 1111 1111 1111',
    '12 / 39',
    '01 / 20',
    '13 / 40',
    '123',
    'a@example.ie',
  ),
  weirdString,
);

const VALID_FORM: Readonly<Record<string, string>> = {
  email: 'aoife@example.ie',
  name: 'Aoife Byrne',
  line1: '12 Harbour Road',
  city: 'Howth',
  postalCode: 'D13 X2Y4',
  country: 'IE',
  cardNumber: '4242 4242 4242 4242',
  expiry: '12 / 39',
  cvc: '123',
};

/** A complete form with a few fields changed, removed, duplicated or added. */
const mutatedForm = fc
  .tuple(
    fc.constantFrom(
      '4242 4242 4242 4242',
      '4242424242424242',
      '4000 0000 0000 0002',
      '4111 1111 1111 1111',
      '1234',
    ),
    fc.array(
      fc.tuple(
        fc.constantFrom(...FORM_FIELDS, ...POLLUTION_KEYS, 'extra'),
        fc.option(formValue, { nil: null }),
      ),
      {
        maxLength: 3,
      },
    ),
  )
  .map(([card, changes]) => {
    const pairs: [string, string][] = Object.entries({ ...VALID_FORM, cardNumber: card });
    for (const [field, value] of changes) {
      const i = pairs.findIndex(([k]) => k === field);
      if (value === null) {
        if (i >= 0) pairs.splice(i, 1);
      } else if (i >= 0 && pairs.length % 2 === 0) {
        pairs[i] = [field, value];
      } else {
        pairs.push([field, value]);
      }
    }
    return new URLSearchParams(pairs).toString();
  });

/** application/x-www-form-urlencoded bodies for the test checkout's form, plus garbage. */
export const formBody: fc.Arbitrary<string | Buffer> = fc.oneof(
  { weight: 4, arbitrary: mutatedForm },
  {
    weight: 2,
    arbitrary: fc
      .array(
        fc.tuple(
          fc.oneof(
            fc.constantFrom(...FORM_FIELDS),
            fc.constantFrom(...POLLUTION_KEYS),
            fc.string({ maxLength: 8 }),
          ),
          formValue,
        ),
        { maxLength: 14 },
      )
      .map((pairs) => new URLSearchParams(pairs).toString()),
  },
  { weight: 1, arbitrary: fc.constantFrom('%', '%%%', 'a=%E0%A4%A', '&&&==', '=x', 'cardNumber') },
  { weight: 1, arbitrary: jsonBody },
);

export const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/json;charset=latin1',
  'application/x-www-form-urlencoded',
  'text/plain',
  'text/html',
  'multipart/form-data; boundary=xyz',
  'application/octet-stream',
  'application/jsonp',
  'application/json-patch+json',
  '',
  ';',
  'application/json; charset=utf-8; charset=utf-16',
];

const headerValue = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
  maxLength: 60,
});

/**
 * Header sets: mostly what the shop's own pages send (so that requests get past the guard and reach the
 * handlers), otherwise whatever a bot or an attacker might send.
 */
export function headerSet(options: { readonly adminToken: string; readonly preferred: string }) {
  const authorization = fc.oneof(
    fc.constant(`Bearer ${options.adminToken}`),
    fc.constantFrom(
      'Bearer ',
      'Bearer x',
      `bearer ${options.adminToken}`,
      `Basic ${options.adminToken}`,
      options.adminToken,
    ),
    headerValue.map((v) => `Bearer ${v}`),
  );
  const browser = fc
    .record(
      {
        'content-type': fc.constant(options.preferred),
        origin: fc.constant('http://shop.test'),
        'sec-fetch-site': fc.constant('same-origin'),
        authorization,
        'accept-encoding': fc.constantFrom('br', 'gzip, br'),
      },
      { requiredKeys: ['content-type'] },
    )
    .map((h) => h as Record<string, string>);
  const hostile = fc
    .record(
      {
        'content-type': fc.oneof(
          { weight: 2, arbitrary: fc.constant(options.preferred) },
          { weight: 3, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
        ),
        origin: fc.constantFrom(
          'http://shop.test',
          'https://evil.example',
          'null',
          'http://shop.test.evil.example',
          '',
        ),
        'sec-fetch-site': fc.constantFrom('same-origin', 'same-site', 'cross-site', 'none', 'bogus'),
        authorization,
        'stripe-signature': fc.oneof(headerValue, fc.constant('t=1,v1=deadbeef')),
        'content-encoding': fc.constantFrom('gzip', 'br', 'identity', 'x'),
        'x-forwarded-for': fc.constantFrom('1.2.3.4', '::1', 'garbage', '1.2.3.4, 5.6.7.8'),
        'x-request-id': headerValue,
        accept: fc.constantFrom('application/json', 'text/html', '*/*', ''),
        'accept-encoding': fc.constantFrom('br', 'gzip', 'gzip, br', 'identity', 'x'),
        'if-none-match': headerValue,
        range: fc.constantFrom('bytes=0-10', 'bytes=-1', 'bytes=99999999-', 'bytes=5-1', 'x'),
      },
      { requiredKeys: ['content-type'] },
    )
    .map((h) => Object.fromEntries(Object.entries(h).filter(([, v]) => v !== '')) as Record<string, string>);
  return fc.oneof({ weight: 3, arbitrary: browser }, { weight: 2, arbitrary: hostile });
}

export const remoteAddress = fc.oneof(
  fc.ipV4(),
  fc.ipV6(),
  fc.constantFrom('127.0.0.1', '::1', '::ffff:10.0.0.1'),
);

const SEGMENTS = [
  'api',
  'checkout',
  'orders',
  'confirm',
  'admin',
  'hero-image',
  'edit',
  'webhooks',
  'stripe',
  'newsletter',
  'health',
  'test-checkout',
  'pay',
  'assets',
  'test-checkout.js',
  'product',
  'shop',
  'pages',
  'index.html',
  'shop.html',
  '.vite',
  'manifest.json',
  '..',
  '.',
  '%2e%2e',
  '%2E%2E%2F',
  '..%2f..%2f',
  '%00',
  '%',
  '%E0%A4%A',
  '%FF',
  '~',
  'runtime-env.js',
  'sitemap.xml',
  'robots.txt',
  'secret.txt',
];

const segment = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...SEGMENTS) },
  {
    weight: 1,
    arbitrary: fc
      .string({ maxLength: 58, unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABC0123456789') })
      .map((s) => `cs_test_${s}`),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 8 }).map(encodeURIComponent) },
  { weight: 1, arbitrary: fc.integer({ min: -5, max: 40 }).map(String) },
  { weight: 1, arbitrary: fc.integer({ min: 100, max: 3_000 }).map((n) => 'a'.repeat(n)) },
);

export const fuzzPath: fc.Arbitrary<string> = fc
  .tuple(
    fc.array(segment, { minLength: 0, maxLength: 7 }),
    fc.oneof(
      fc.constant(''),
      fc.constant('/'),
      fc.constantFrom('?a=1', '?__proto__[x]=1', '?session_id=cs_test_x', '#frag', '?%'),
    ),
  )
  .map(([parts, tail]) => `/${parts.join('/')}${tail}`);

export const METHODS: readonly Method[] = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'];
export const method = fc.constantFrom(...METHODS);
