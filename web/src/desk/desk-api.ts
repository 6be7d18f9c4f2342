/**
 * The desk's calls to the order desk API (docs/product/desk.md §10.10), typed and checked by the shared contract
 * (domain/orders/admin-api.ts): every answer is parsed before the desk shows it. The session is the HttpOnly
 * cookie the server sets at sign-in, so nothing here stores a token (fetch sends the cookie: same origin).
 * A 401 anywhere means the session has ended: the caller shows the sign-in screen.
 */
import * as z from 'zod/mini';
import {
  outboxRetryPath,
  type SettingsPatch,
  settingsResponseSchema,
  TODAY_API,
  todayResponseSchema,
} from '../../../domain/making/today';
import { STATS_API, type StatsRange, statsResponseSchema, statsSearch } from '../../../domain/numbers/stats';
import {
  ADMIN_API,
  adminOrderPath,
  type CancelRequest,
  type DispatchRequest,
  errorResponseSchema,
  IDEMPOTENCY_KEY_HEADER,
  type OrderActionResponse,
  type OrderDetail,
  type OrderFilter,
  orderActionResponseSchema,
  orderDetailSchema,
  ordersListResponseSchema,
  packingSlipsResponseSchema,
  type RefundRequest,
  type StatusChange,
  sessionResponseSchema,
} from '../../../domain/orders/admin-api';

/** Where the API said no, with its message for the owner. */
export class DeskApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The refusal's parsed body, for screens that show more than its message (a field, bad rows). */
    readonly details: unknown = undefined,
  ) {
    super(message);
    this.name = 'DeskApiError';
  }
}

const looseErrorSchema = z.object({ error: z.optional(z.string()), message: z.optional(z.string()) });

/** The error of a refused request, from its status and body text (the JSON error, else a generic word). */
export function deskErrorOf(status: number, text: string): DeskApiError {
  let body: unknown;
  try {
    body = JSON.parse(text);
    const strict = errorResponseSchema.safeParse(body);
    if (strict.success) return new DeskApiError(status, strict.data.error, body);
    const loose = looseErrorSchema.safeParse(body);
    const message = loose.success ? (loose.data.error ?? loose.data.message) : undefined;
    if (message) return new DeskApiError(status, message, body);
  } catch {
    // Not JSON (a proxy's error page): the generic message below.
  }
  return new DeskApiError(status, genericMessage(status), body);
}

function genericMessage(status: number): string {
  if (status === 401) return 'Your session has ended. Sign in again.';
  if (status === 404) return 'No order with that reference.';
  if (status === 413) return 'That file is too large for the shop.';
  if (status === 429) return 'Too many attempts. Wait a minute and try again.';
  return `The shop could not do that (HTTP ${status}). Try again in a moment.`;
}

async function errorOf(res: Response): Promise<DeskApiError> {
  let text = '';
  try {
    text = await res.text();
  } catch {
    // The body could not be read: the generic message.
  }
  return deskErrorOf(res.status, text);
}

/** A request body sent as it is (a CSV file), not as JSON. */
export class RawBody {
  constructor(
    readonly text: string,
    readonly type: string,
  ) {}
}

export interface Schema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

export async function call<T>(
  method: string,
  url: string,
  schema: Schema<T>,
  body?: unknown,
  extraHeaders: Readonly<Record<string, string>> = {},
): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        ...(body === undefined
          ? {}
          : { 'Content-Type': body instanceof RawBody ? body.type : 'application/json' }),
        ...extraHeaders,
      },
      body: body === undefined ? undefined : body instanceof RawBody ? body.text : JSON.stringify(body),
    });
  } catch {
    throw new DeskApiError(0, 'The shop cannot be reached. Check the connection and try again.');
  }
  if (!res.ok) throw await errorOf(res);
  let json: unknown = null;
  try {
    const text = await res.text();
    json = text ? JSON.parse(text) : null;
  } catch {
    // Falls through to the parse failure below.
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success)
    throw new DeskApiError(res.status, 'The shop answered in a form the desk does not know.');
  return parsed.data;
}

export interface OrderQuery {
  readonly status?: OrderFilter;
  readonly q?: string;
  readonly from?: string;
  readonly to?: string;
  readonly page?: number;
}

/** The query as URL parameters, leaving out empty fields, the default filter and the first page. */
export function orderQueryParams(query: OrderQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === '') continue;
    if ((key === 'page' && value === 1) || (key === 'status' && value === 'work')) continue;
    params.set(key, String(value));
  }
  return params;
}

function withQuery(path: string, params: URLSearchParams): string {
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

const ignoreBody: Schema<null> = { safeParse: () => ({ success: true, data: null }) };
/**
 * A fresh key naming one submission of an action (the server makes a repeat of it one change). Random
 * from the browser's CSPRNG: crypto.randomUUID exists only on secure origins, getRandomValues everywhere.
 */
export function newSubmissionKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** An action's answer: the order as it is now, and whether this submission changed it. */
export type ActionResult = Pick<OrderActionResponse, 'changed' | 'order'>;

const actionOrder = (
  reference: string,
  action: 'status' | 'dispatch' | 'refund' | 'cancel' | 'notes',
  body: unknown,
  submission: string,
): Promise<ActionResult> =>
  call('POST', adminOrderPath(reference, action), orderActionResponseSchema, body, {
    [IDEMPOTENCY_KEY_HEADER]: submission,
  }).then((r) => ({ changed: r.changed, order: r.order }));

export const deskApi = {
  signIn: (token: string) => call('POST', ADMIN_API.session, sessionResponseSchema, { token }),
  /** Resolves when the session cookie is valid; a DeskApiError with status 401 when not. */
  session: () => call('GET', ADMIN_API.session, sessionResponseSchema),
  signOut: () => call('DELETE', ADMIN_API.session, ignoreBody),
  listOrders: (query: OrderQuery) =>
    call('GET', withQuery(ADMIN_API.orders, orderQueryParams(query)), ordersListResponseSchema),
  getOrder: (reference: string): Promise<OrderDetail> =>
    call('GET', adminOrderPath(reference), orderDetailSchema),
  /**
   * Every order in production with its details (the packing-slip batch), or the one order `reference`
   * names, in one answer with the return address the slips print.
   */
  packingSlips: (reference: string | null = null) =>
    call(
      'GET',
      reference === null
        ? ADMIN_API.packingSlips
        : withQuery(ADMIN_API.packingSlips, new URLSearchParams({ reference })),
      packingSlipsResponseSchema,
    ),
  setStatus: (reference: string, status: StatusChange, submission: string) =>
    actionOrder(reference, 'status', { status }, submission),
  dispatch: (reference: string, body: DispatchRequest, submission: string) =>
    actionOrder(reference, 'dispatch', body, submission),
  refund: (reference: string, body: RefundRequest, submission: string) =>
    actionOrder(reference, 'refund', body, submission),
  cancel: (reference: string, body: CancelRequest, submission: string) =>
    actionOrder(reference, 'cancel', body, submission),
  addNote: (reference: string, text: string, submission: string) =>
    actionOrder(reference, 'notes', { text }, submission),
  /** The day's work and the shop's health (the first screen). */
  today: () => call('GET', TODAY_API.today, todayResponseSchema),
  settings: () => call('GET', TODAY_API.settings, settingsResponseSchema).then((r) => r.settings),
  updateSettings: (patch: SettingsPatch, submission: string) =>
    call('PATCH', TODAY_API.settings, settingsResponseSchema, patch, {
      [IDEMPOTENCY_KEY_HEADER]: submission,
    }).then((r) => r.settings),
  /** "Send again" of an e-mail that failed for good. */
  retryMail: (id: number, submission: string) =>
    call('POST', outboxRetryPath(id), ignoreBody, undefined, { [IDEMPOTENCY_KEY_HEADER]: submission }),
  ordersCsvUrl: (from: string, to: string) =>
    withQuery(ADMIN_API.ordersCsv, new URLSearchParams({ from, to })),
  newsletterCsvUrl: () => ADMIN_API.newsletterCsv,
  /** The Numbers of a range (docs/product/desk.md §10.12). */
  stats: (range: StatsRange) => call('GET', `${STATS_API.stats}?${statsSearch(range)}`, statsResponseSchema),
  statsCsvUrl: (range: StatsRange) => `${STATS_API.statsCsv}?${statsSearch(range)}`,
};

/** The desk's one way to call the API, for sections with their own calls (reviews-api.ts). */
export { call as deskCall };
