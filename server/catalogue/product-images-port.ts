/**
 * The catalogue's picture functions in the shape the photo routes take them (media/product-image-routes.ts,
 * `ProductImagesPort`): null for an unknown product or image; the catalogue's other refusals (an active
 * product left without alt text, the same photo twice) go on to the API's error handler. And the
 * photos still in use, for the media retention pass: every photo a product (any status) or a past order
 * line shows.
 */
import type { AdminProduct, AdminProductImage } from '../../domain/catalogue/product-admin';
import type { Actor } from '../audit/audit-trail';
import { Refusal } from '../lib/refusal';
import type { CatalogueService, NewProductImage } from './catalogue-service';

/** Where photos are served from: `/media/{id}` (the photo pipeline's content-addressed ids). */
export const MEDIA_PREFIX = '/media/';

/** The change's result, or null for an unknown product or image (the photo routes word that themselves). */
async function unlessUnknown<T>(change: Promise<T>): Promise<T | null> {
  try {
    return await change;
  } catch (error) {
    if (error instanceof Refusal && error.reason === 'not-found') return null;
    throw error;
  }
}

export function productImagesPort(catalogue: CatalogueService) {
  return {
    getAdminProduct: (id: string): Promise<AdminProduct | null> => catalogue.getAdminProduct(id),
    async addProductImage(
      id: string,
      image: NewProductImage,
      actor: Actor,
    ): Promise<{ product: AdminProduct; image: AdminProductImage } | null> {
      return unlessUnknown(catalogue.addProductImage(id, image, actor));
    },
    async updateProductImage(
      id: string,
      imageId: string,
      patch: { readonly alt?: string; readonly position?: number },
      actor: Actor,
    ): Promise<{ product: AdminProduct; image: AdminProductImage } | null> {
      return unlessUnknown(catalogue.updateProductImage(id, imageId, patch, actor));
    },
    async removeProductImage(id: string, imageId: string, actor: Actor): Promise<AdminProduct | null> {
      return unlessUnknown(catalogue.removeProductImage(id, imageId, actor));
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
