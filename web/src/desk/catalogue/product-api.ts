/**
 * The desk's calls for the owner's products (docs/product.md §10.10, Products): the `/api/admin/products`
 * contract, parsed before the desk shows anything. Parsing is lenient about fields the desk does not use
 * (the server may send more), strict about the ones it shows. Uploads go through XMLHttpRequest, not
 * fetch: only XMLHttpRequest reports upload progress, which a 20 MB photo on a phone needs.
 */
import * as z from 'zod/mini';
import { IDEMPOTENCY_KEY_HEADER } from '../../../../domain/orders/admin-api';
import { call, DeskApiError, deskErrorOf, RawBody } from '../desk-api';

export const PRODUCTS_API = {
  products: '/api/admin/products',
  csv: '/api/admin/products.csv',
} as const;

export const PRODUCT_STATUSES = ['active', 'paused', 'retired'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
export const PRODUCT_SIZES = ['S', 'M', 'L'] as const;
export type ProductSize = (typeof PRODUCT_SIZES)[number];

/** What the uploader accepts, as the server does (JPEG, PNG, WebP, AVIF; up to 20 MB each). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;
export const IMAGE_MAX_BYTES = 20 * 1024 * 1024;

const imageSchema = z.object({
  id: z.string(),
  url: z.optional(z.string()),
  /** Renditions at `${base}-${width}.webp` (the storefront's image record), when the server sends them. */
  base: z.optional(z.string()),
  widths: z.optional(z.array(z.number())),
  alt: z.string(),
  width: z.number(),
  height: z.number(),
});
export type AdminProductImage = z.infer<typeof imageSchema>;

const productSchema = z.object({
  id: z.string(),
  handle: z.string(),
  name: z.string(),
  category: z.string(),
  materials: z.array(z.string()),
  price: z.number(),
  description: z.string(),
  fullDescription: z.nullish(z.string()),
  sizes: z.array(z.string()),
  status: z.enum(PRODUCT_STATUSES),
  note: z.nullish(z.string()),
  position: z.number(),
  images: z.array(imageSchema),
  updatedAt: z.string(),
});
export type AdminProduct = z.infer<typeof productSchema>;

const productsResponse = z.object({ products: z.array(productSchema) });
const productResponse = z.object({ product: productSchema });
const maybeProductResponse = z.object({ product: z.optional(productSchema) });
const uploadResponse = z.object({ product: productSchema, image: imageSchema });
const importResponse = z.object({ applied: z.number() });
const importRefusal = z.object({
  rows: z.array(z.object({ line: z.number(), field: z.string(), message: z.string() })),
});
export type ImportRow = z.infer<typeof importRefusal>['rows'][number];

const historyResponse = z.object({
  history: z.array(
    z.object({
      at: z.string(),
      actor: z.nullish(z.string()),
      changes: z.array(z.object({ field: z.string(), before: z.unknown(), after: z.unknown() })),
    }),
  ),
});
export type HistoryEntry = z.infer<typeof historyResponse>['history'][number];

/** The fields a new product is created with (POST) and any of which a PATCH changes. */
export interface ProductFields {
  readonly name: string;
  readonly handle?: string;
  readonly category: string;
  readonly materials: readonly string[];
  readonly price: number;
  readonly description: string;
  readonly fullDescription?: string;
  readonly sizes: readonly ProductSize[];
  readonly status?: ProductStatus;
}

export type ProductPatch = Partial<ProductFields> & {
  readonly note?: string;
  readonly position?: number;
  /** The version the owner edited: an older one than the product's is refused with 409. */
  readonly updatedAt?: string;
};

/** The CSV import's refusal: each bad row with its line (the header is line 1); nothing was applied. */
export class CsvImportError extends DeskApiError {
  constructor(
    error: DeskApiError,
    readonly rows: readonly ImportRow[],
  ) {
    super(error.status, error.message, error.details);
    this.name = 'CsvImportError';
  }
}

const productPath = (id: string, ...rest: string[]) =>
  [PRODUCTS_API.products, encodeURIComponent(id), ...rest.map(encodeURIComponent)].join('/');

const keyed = (submission: string) => ({ [IDEMPOTENCY_KEY_HEADER]: submission });

/** The thumbnail of a product image: its smallest WebP rendition, else the URL the server gave. */
export function thumbnailUrl(image: AdminProductImage): string | null {
  const smallest = image.widths?.[0];
  if (image.base && smallest !== undefined) return `${image.base}-${smallest}.webp`;
  return image.url ?? null;
}

export interface UploadProgress {
  readonly loaded: number;
  readonly total: number;
}

/**
 * Uploads one photo (multipart, field `file` and `alt`), reporting the bytes sent as they go. Resolves
 * with the product as it is after the upload; rejects with the server's refusal (413, 415, 400 …).
 */
export function uploadProductImage(
  id: string,
  file: File,
  alt: string,
  submission: string,
  onProgress: (progress: UploadProgress) => void,
): Promise<z.infer<typeof uploadResponse>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', productPath(id, 'images'));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader(IDEMPOTENCY_KEY_HEADER, submission);
    xhr.upload.onprogress = (event) => {
      onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : file.size });
    };
    xhr.onerror = () =>
      reject(new DeskApiError(0, 'The shop cannot be reached. Check the connection and try again.'));
    xhr.onload = () => {
      const text = typeof xhr.responseText === 'string' ? xhr.responseText : '';
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(deskErrorOf(xhr.status, text));
        return;
      }
      let body: unknown = null;
      try {
        body = JSON.parse(text);
      } catch {
        // Falls through to the parse failure below.
      }
      const parsed = uploadResponse.safeParse(body);
      if (parsed.success) resolve(parsed.data);
      else reject(new DeskApiError(xhr.status, 'The shop answered in a form the desk does not know.'));
    };
    const form = new FormData();
    form.append('file', file, file.name);
    if (alt) form.append('alt', alt);
    xhr.send(form);
  });
}

const product = (r: { product: AdminProduct }) => r.product;

/** An image change answers with the product; if it does not, the product is asked for again. */
const productAfter = (id: string) => (r: { product?: AdminProduct }) =>
  r.product ?? call('GET', productPath(id), productResponse).then(product);

export const productApi = {
  list: () => call('GET', PRODUCTS_API.products, productsResponse).then((r) => r.products),
  get: (id: string) => call('GET', productPath(id), productResponse).then(product),
  create: (fields: ProductFields, submission: string) =>
    call('POST', PRODUCTS_API.products, productResponse, fields, keyed(submission)).then(product),
  update: (id: string, patch: ProductPatch, submission: string) =>
    call('PATCH', productPath(id), productResponse, patch, keyed(submission)).then(product),
  updateImage: (
    id: string,
    imageId: string,
    patch: { alt?: string; position?: number },
    submission: string,
  ) =>
    call('PATCH', productPath(id, 'images', imageId), maybeProductResponse, patch, keyed(submission)).then(
      productAfter(id),
    ),
  removeImage: (id: string, imageId: string, submission: string) =>
    call(
      'DELETE',
      productPath(id, 'images', imageId),
      maybeProductResponse,
      undefined,
      keyed(submission),
    ).then(productAfter(id)),
  /** The product's changes, newest first as the server lists them; null when the shop keeps none. */
  history: (id: string): Promise<readonly HistoryEntry[] | null> =>
    call('GET', productPath(id, 'history'), historyResponse).then(
      (r) => r.history,
      (err: unknown) => {
        if (err instanceof DeskApiError && err.status === 404) return null;
        throw err;
      },
    ),
  csvUrl: () => PRODUCTS_API.csv,
  /** Applies every row of the CSV or none: the number of products updated, else a CsvImportError. */
  importCsv: (text: string, submission: string): Promise<number> =>
    call('POST', PRODUCTS_API.csv, importResponse, new RawBody(text, 'text/csv'), keyed(submission)).then(
      (r) => r.applied,
      (err: unknown) => {
        if (!(err instanceof DeskApiError)) throw err;
        const refusal = importRefusal.safeParse(err.details);
        throw refusal.success ? new CsvImportError(err, refusal.data.rows) : err;
      },
    ),
};
