/**
 * The desk's calls for the owner's products (docs/product/desk.md §10.10, Products): the `/api/admin/products`
 * contract (domain/catalogue/product-admin.ts), parsed with the domain's schemas before the desk shows
 * anything; they ignore fields they do not name, so a server a version ahead still reads. Uploads go
 * through XMLHttpRequest, not fetch: only XMLHttpRequest reports upload progress, which a 20 MB photo on a
 * phone needs.
 */
import * as z from 'zod/mini';
import {
  type AdminProduct,
  type AdminProductImage,
  adminProductImageSchema,
  adminProductResponseSchema,
  adminProductSchema,
  adminProductsResponseSchema,
  type CsvRowError,
  PRODUCTS_API,
  type ProductChange,
  productHistoryResponseSchema,
  productsImportResponseSchema,
} from '../../../../domain/catalogue/product-admin';
import { PRODUCT_STATUSES, type ProductStatus } from '../../../../domain/catalogue/snapshot';
import type { ProductCustoms } from '../../../../domain/customs/product-customs';
import { IDEMPOTENCY_KEY_HEADER } from '../../../../domain/orders/admin-api';
import { call, DeskApiError, deskErrorOf, RawBody } from '../desk-api';

export { type AdminProduct, type AdminProductImage, PRODUCT_STATUSES, type ProductStatus };
export const PRODUCT_SIZES = ['S', 'M', 'L'] as const;
export type ProductSize = (typeof PRODUCT_SIZES)[number];

/** What the uploader accepts, as the server does (JPEG, PNG, WebP, AVIF; up to 20 MB each). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;
export const IMAGE_MAX_BYTES = 20 * 1024 * 1024;

// The photo routes (server/media) declare no answer schema, so a product is not promised: without one
// the desk asks for the product again.
const maybeProductResponse = z.object({ product: z.optional(adminProductSchema) });
const uploadResponse = z.object({ product: adminProductSchema, image: adminProductImageSchema });
// A refused import's rows travel in the refusal's body, which no answer schema covers.
const importRefusal = z.object({
  rows: z.array(z.object({ line: z.number(), field: z.string(), message: z.string() })),
});
export type ImportRow = CsvRowError;
export type HistoryEntry = ProductChange;

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
  /** '' : none. */
  readonly gtin?: string;
  readonly colour?: string;
  readonly excludeFromFeeds?: boolean;
  /** The customs data (docs/product/customs.md §21.1); null clears it. */
  readonly customs?: ProductCustoms | null;
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
  r.product ?? call('GET', productPath(id), adminProductResponseSchema).then(product);

export const productApi = {
  list: () => call('GET', PRODUCTS_API.products, adminProductsResponseSchema).then((r) => r.products),
  get: (id: string) => call('GET', productPath(id), adminProductResponseSchema).then(product),
  create: (fields: ProductFields, submission: string) =>
    call('POST', PRODUCTS_API.products, adminProductResponseSchema, fields, keyed(submission)).then(product),
  update: (id: string, patch: ProductPatch, submission: string) =>
    call('PATCH', productPath(id), adminProductResponseSchema, patch, keyed(submission)).then(product),
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
    call('GET', productPath(id, 'history'), productHistoryResponseSchema).then(
      (r) => r.history,
      (err: unknown) => {
        if (err instanceof DeskApiError && err.status === 404) return null;
        throw err;
      },
    ),
  csvUrl: () => PRODUCTS_API.productsCsv,
  /** Applies every row of the CSV or none: the number of products updated, else a CsvImportError. */
  importCsv: (text: string, submission: string): Promise<number> =>
    call(
      'POST',
      PRODUCTS_API.productsCsv,
      productsImportResponseSchema,
      new RawBody(text, 'text/csv'),
      keyed(submission),
    ).then(
      (r) => r.applied,
      (err: unknown) => {
        if (!(err instanceof DeskApiError)) throw err;
        const refusal = importRefusal.safeParse(err.details);
        throw refusal.success ? new CsvImportError(err, refusal.data.rows) : err;
      },
    ),
};
