/**
 * Products in the shape of the `/api/admin/products` contract, a small stateful products API for the
 * fetch stub of desk-test-fixtures.ts, and a fake XMLHttpRequest whose upload progress and answer a test
 * drives by hand (jsdom's own would go to the network).
 */
import { vi } from 'vitest';
import { json, type Recorded, stubDeskApi } from '../desk-test-fixtures';
import type { AdminProduct, ProductPatch } from './product-api';

export function adminProduct(overrides: Partial<AdminProduct> = {}): AdminProduct {
  const id = overrides.id ?? '1';
  return {
    id,
    handle: `bracelet-${id}`,
    name: `Bracelet ${id}`,
    category: 'Gemstone',
    materials: ['sterling silver', 'rose quartz'],
    price: 3500,
    description: 'A short description.',
    fullDescription: 'A longer description.',
    sizes: ['S', 'M', 'L'],
    status: 'active',
    note: '',
    position: Number(id) - 1,
    gtin: '',
    colour: 'Pink/Gold',
    excludeFromFeeds: false,
    images: [
      {
        id: `product-${id}-1`,
        url: `/img/product-${id}-1-1080.webp`,
        base: `/img/product-${id}-1`,
        widths: [320, 640, 1080],
        alt: `Bracelet ${id} on a linen cloth`,
        width: 1080,
        height: 1080,
        placeholder: null,
        position: 0,
      },
    ],
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

export interface ProductsServer {
  readonly requests: Recorded[];
  readonly products: Map<string, AdminProduct>;
}

/**
 * Answers the products routes like the server would: PATCH checks `updatedAt` (409 when older) and moves
 * a product to a position by shifting the others; every change stamps a new `updatedAt`.
 */
export function productsServer(initial: readonly AdminProduct[]): ProductsServer {
  const products = new Map(initial.map((p) => [p.id, p]));
  let clock = Date.parse('2026-11-21T10:00:00.000Z');
  const stamp = () => {
    clock += 60_000;
    return new Date(clock).toISOString();
  };
  const requests = stubDeskApi((r) => {
    const path = r.url.split('?')[0] ?? '';
    if (path === '/api/admin/session') return json(200, { ok: true, expiresAt: '2026-11-30T10:00:00.000Z' });
    if (path === '/api/admin/products' && r.method === 'GET')
      return json(200, { ok: true, products: [...products.values()] });
    if (path === '/api/admin/products' && r.method === 'POST') {
      const body = r.body as Partial<AdminProduct>;
      const id = String(Math.max(0, ...[...products.keys()].map(Number)) + 1);
      const created = adminProduct({
        ...body,
        id,
        handle: body.handle ?? `new-${id}`,
        position: products.size,
        images: [],
        note: '',
        updatedAt: stamp(),
      });
      products.set(id, created);
      return json(201, { ok: true, product: created });
    }
    const image = /^\/api\/admin\/products\/([^/]+)\/images\/([^/]+)$/.exec(path);
    if (image) return changeImage(products, stamp, r, image[1] ?? '', decodeURIComponent(image[2] ?? ''));
    const m = /^\/api\/admin\/products\/([^/]+)(\/history)?$/.exec(path);
    const product = m?.[1] ? products.get(decodeURIComponent(m[1])) : undefined;
    if (!m) return undefined;
    if (!product) return json(404, { ok: false, error: 'No product with that id' });
    if (m[2]) return undefined;
    if (r.method === 'GET') return json(200, { ok: true, product });
    if (r.method === 'PATCH') {
      const patch = r.body as ProductPatch;
      if (patch.updatedAt && patch.updatedAt < product.updatedAt)
        return json(409, { ok: false, error: 'This product was changed since you opened it' });
      const { updatedAt: _version, ...fields } = patch;
      const updated = { ...product, ...fields, updatedAt: stamp() } as AdminProduct;
      products.set(product.id, updated);
      if (fields.position !== undefined) moveTo(products, updated, fields.position);
      return json(200, { ok: true, product: products.get(product.id) });
    }
    return undefined;
  });
  return { requests, products };
}

/** PATCH (alt, position) and DELETE of one image; answers with the product, as the server does. */
function changeImage(
  products: Map<string, AdminProduct>,
  stamp: () => string,
  r: Recorded,
  productId: string,
  imageId: string,
) {
  const product = products.get(productId);
  const image = product?.images.find((i) => i.id === imageId);
  if (!product || !image) return json(404, { ok: false, error: 'No image with that id' });
  const others = product.images.filter((i) => i.id !== imageId);
  let images = others;
  if (r.method === 'PATCH') {
    const patch = r.body as { alt?: string; position?: number };
    const changed = { ...image, ...(patch.alt !== undefined ? { alt: patch.alt } : {}) };
    const at = patch.position ?? product.images.indexOf(image);
    images = [...others.slice(0, at), changed, ...others.slice(at)];
  }
  const updated = { ...product, images, updatedAt: stamp() };
  products.set(productId, updated);
  return json(200, { ok: true, product: updated });
}

/** Puts `moved` at `position` in the featured order and numbers every product 0, 1, 2… again. */
function moveTo(products: Map<string, AdminProduct>, moved: AdminProduct, position: number) {
  const others = [...products.values()]
    .filter((p) => p.id !== moved.id)
    .sort((a, b) => a.position - b.position);
  others.splice(position, 0, moved);
  others.forEach((p, index) => {
    products.set(p.id, { ...p, position: index });
  });
}

/** A request the fake XMLHttpRequest received; the test sends progress and the answer. */
export interface FakeUpload {
  readonly method: string;
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly body: FormData;
  progress(loaded: number, total: number): void;
  answer(status: number, body: unknown): void;
}

export function stubXhr(): FakeUpload[] {
  const sent: FakeUpload[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    withCredentials = false;
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    upload: {
      onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null;
    } = { onprogress: null };
    private method = '';
    private url = '';
    private readonly headers: Record<string, string> = {};
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name.toLowerCase()] = value;
    }
    send(body: FormData) {
      sent.push({
        method: this.method,
        url: this.url,
        headers: this.headers,
        body,
        progress: (loaded, total) => this.upload.onprogress?.({ loaded, total, lengthComputable: true }),
        answer: (status, answer) => {
          this.status = status;
          this.responseText = JSON.stringify(answer);
          this.onload?.();
        },
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}
