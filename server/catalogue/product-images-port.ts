/**
 * The catalogue's picture functions in the shape the photo routes take them (media/product-image-routes.ts,
 * `ProductImagesPort`): null for an unknown product or image, a refusal of the
 * catalogue's own (an active product left without alt text, the same photo twice) thrown as an error with
 * its 4xx status and message, which the API's error handler answers as `{ ok: false, error }`. And the
 * photos still in use, for the media retention pass: every photo a product (any status) or a past order
 * line shows.
 */
import type { AdminProduct, AdminProductImage } from '../../domain/catalogue/product-admin';
import type { Actor } from '../audit/audit-trail';
import type { CatalogueOutcome, CatalogueService, NewProductImage } from './catalogue-service';

/** Where photos are served from: `/media/{id}` (the photo pipeline's content-addressed ids). */
export const MEDIA_PREFIX = '/media/';

export class CatalogueRefusal extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

function unwrap<T extends object>(outcome: CatalogueOutcome<T>): ({ ok: true } & T) | null {
  if (outcome.body.ok) return outcome.body as { ok: true } & T;
  if (outcome.httpStatus === 404) return null;
  throw new CatalogueRefusal(outcome.httpStatus, outcome.body.error);
}

export function productImagesPort(catalogue: CatalogueService) {
  return {
    getAdminProduct: (id: string): Promise<AdminProduct | null> => catalogue.getAdminProduct(id),
    async addProductImage(
      id: string,
      image: NewProductImage,
      actor: Actor,
    ): Promise<{ product: AdminProduct; image: AdminProductImage } | null> {
      const done = unwrap(await catalogue.addProductImage(id, image, actor));
      return done && { product: done.product, image: done.image };
    },
    async updateProductImage(
      id: string,
      imageId: string,
      patch: { readonly alt?: string; readonly position?: number },
      actor: Actor,
    ): Promise<{ product: AdminProduct; image: AdminProductImage } | null> {
      const done = unwrap(await catalogue.updateProductImage(id, imageId, patch, actor));
      return done && { product: done.product, image: done.image };
    },
    async removeProductImage(id: string, imageId: string, actor: Actor): Promise<AdminProduct | null> {
      return unwrap(await catalogue.removeProductImage(id, imageId, actor))?.product ?? null;
    },
  };
}

/** The ids of every photo a product or an order line shows (`/media/{id}` -> `{id}`). */
export async function referencedMediaIds(
  catalogue: Pick<CatalogueService, 'imagesUnder'>,
  orderLineImages: (prefix: string) => Promise<readonly string[]>,
): Promise<Set<string>> {
  const bases = [...(await catalogue.imagesUnder(MEDIA_PREFIX)), ...(await orderLineImages(MEDIA_PREFIX))];
  return new Set(bases.map((base) => base.slice(MEDIA_PREFIX.length)));
}
