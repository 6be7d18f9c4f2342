/**
 * The owner's photos of a product (docs/product/catalogue.md):
 *   POST   /api/admin/products/{id}/images            multipart/form-data, fields `file` and `alt` -> 201
 *   PATCH  /api/admin/products/{id}/images/{imageId}  `{ alt?, position? }`
 *   DELETE /api/admin/products/{id}/images/{imageId}
 * Owner-only: the owner's hook (security/owner-auth.ts) and the request guard (route-policy.ts) run before
 * any byte of the body is read. An upload is refused before anything is stored: unknown product (404),
 * over 20 MB (413, counted while the upload streams in, never buffered whole first), not a JPEG, PNG,
 * WebP or AVIF whatever its name or declared type (415), a decompression bomb (413) or a truncated file
 * (400). Only a photo that came through the pipeline is stored, then handed to the catalogue.
 *
 * The catalogue's functions are reached through `ProductImagesPort`, so these routes depend on four
 * functions and not on how products are stored.
 */
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ProductImage } from '../../domain/catalogue/snapshot';
import { IMAGE_KINDS } from '../../domain/media/images';
import { PHOTO_LIMITS, PHOTO_MESSAGES, PhotoRefusal } from '../../domain/media/photo-types';
import { refusalResponseSchema } from '../../domain/shared/answers';
import { INPUT_TEXT_ERRORS, isSingleLineText } from '../../domain/shared/input-text';
import type { Actor } from '../audit/audit-trail';
import { validateField } from '../lib/validation';
import { ownerActor } from '../security/owner-auth';
import { DESK_ACTION_POLICY, KIB } from '../security/route-policy';
import { mediaBase } from './media-routes';
import type { MediaStore } from './media-store';
import type { PhotoPipeline } from './photo-pipeline';

export const PRODUCT_IMAGES_PATH = '/api/admin/products/:id/images';
export const PRODUCT_IMAGE_PATH = '/api/admin/products/:id/images/:imageId';

export const ALT_MAX_LENGTH = 300;

export const PRODUCT_IMAGE_MESSAGES = {
  productNotFound: 'No product with that id',
  imageNotFound: 'This product has no image with that id',
  altTooLong: `The alt text must be at most ${ALT_MAX_LENGTH} characters`,
  altEmpty: 'The alt text must not be empty',
} as const;

/** An image as the desk's HTTP contract shows it (a type, not an interface: the loose answer takes it). */
export type AdminProductImage = {
  readonly id: string;
  readonly url: string;
  readonly alt: string;
  readonly width: number;
  readonly height: number;
};

/** A product as the desk's HTTP contract shows it; these routes only read its id and images. */
export type AdminProduct = {
  readonly id: string;
  readonly images: readonly AdminProductImage[];
};

/**
 * The answers as these routes know them: loose, because the product is the catalogue's (whose desk
 * contract, domain/catalogue/product-admin.ts, names the rest): declared here, nothing of it is dropped.
 */
const imageAnswer = z.looseObject({
  id: z.string(),
  url: z.string(),
  alt: z.string(),
  width: z.number(),
  height: z.number(),
});
const productAnswer = z.looseObject({ id: z.string(), images: z.readonly(z.array(imageAnswer)) });
const productImageAnswer = z.object({ ok: z.literal(true), product: productAnswer, image: imageAnswer });
const productAnswerOnly = z.object({ ok: z.literal(true), product: productAnswer });

export interface ProductImageChange<P extends AdminProduct = AdminProduct> {
  readonly product: P;
  readonly image: AdminProductImage;
}

/**
 * The catalogue's image functions (server/catalogue/catalogue-service.ts). Each answers null when the
 * product (or the image) does not exist; a refusal of its own (say, an active product left without alt
 * text) is an error with a 4xx `statusCode` and a message for the owner. `actor` carries the submission's
 * Idempotency-Key, for the desk's once-per-submission rule and the audit log.
 */
export interface ProductImagesPort<P extends AdminProduct = AdminProduct> {
  getAdminProduct(id: string): Promise<P | null>;
  addProductImage(id: string, image: ProductImage, actor: Actor): Promise<ProductImageChange<P> | null>;
  updateProductImage(
    id: string,
    imageId: string,
    patch: { readonly alt?: string; readonly position?: number },
    actor: Actor,
  ): Promise<ProductImageChange<P> | null>;
  removeProductImage(id: string, imageId: string, actor: Actor): Promise<P | null>;
}

export interface ProductImageRouteOptions {
  readonly port: ProductImagesPort;
  readonly store: MediaStore;
  readonly pipeline: PhotoPipeline;
}

const altText = z
  .string()
  .trim()
  .max(ALT_MAX_LENGTH, PRODUCT_IMAGE_MESSAGES.altTooLong)
  .refine(isSingleLineText, INPUT_TEXT_ERRORS.singleLine);

const productParams = z.strictObject({ id: z.string().min(1).max(64) });
const imageParams = z.strictObject({ id: z.string().min(1).max(64), imageId: z.string().min(1).max(100) });
const imagePatch = z.strictObject({
  alt: altText.refine((t) => t.length > 0, PRODUCT_IMAGE_MESSAGES.altEmpty).optional(),
  position: z.number().int().min(0).max(99).optional(),
});

function notFound(reply: FastifyReply, message: string) {
  return reply.code(404).send({ ok: false, error: message });
}

function refuse(reply: FastifyReply, err: PhotoRefusal) {
  if (err.status === 503) reply.header('Retry-After', '5');
  return reply.code(err.status).send({ ok: false, error: err.message });
}

/** @fastify/multipart's own limit errors, as the shop words them. */
function multipartRefusal(err: unknown): PhotoRefusal | null {
  const code = (err as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new PhotoRefusal(413, PHOTO_MESSAGES.tooLarge);
  if (typeof code === 'string' && code.startsWith('FST_') && /LIMIT|MULTIPART|INVALID/.test(code)) {
    return new PhotoRefusal(400, PHOTO_MESSAGES.missingFile);
  }
  return null;
}

interface Upload {
  readonly file: Buffer | null;
  readonly alt: string;
}

/**
 * Reads the form: the `file` part into memory up to the limit (the stream is cut and the request refused
 * at the first byte over it), `alt` as text. Other parts are drained and ignored.
 */
async function readUpload(request: FastifyRequest): Promise<Upload> {
  let file: Buffer | null = null;
  let alt = '';
  const parts = request.parts({
    limits: {
      fileSize: PHOTO_LIMITS.maxBytes,
      files: 1,
      fields: 4,
      fieldSize: 4 * ALT_MAX_LENGTH,
      parts: 5,
    },
  });
  for await (const part of parts) {
    if (part.type === 'file') {
      if (part.fieldname === 'file') file = await part.toBuffer();
      else part.file.resume();
    } else if (part.fieldname === 'alt') {
      alt = String(part.value);
    }
  }
  return { file, alt };
}

export async function productImageRoutes(app: FastifyInstance, opts: ProductImageRouteOptions) {
  const { port, store, pipeline } = opts;
  // Here only (this plugin's scope): no other route takes multipart bodies.
  await app.register(fastifyMultipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: PHOTO_LIMITS.maxBytes, files: 1 },
  });
  const api = app.withTypeProvider<ZodTypeProvider>();

  // The photo pipeline's refusals (400, 404, 413, 415, 422, 503) share the shop's refusal shape.
  const refusals = { '4xx': refusalResponseSchema, 503: refusalResponseSchema };
  const added = { 201: productImageAnswer, ...refusals };
  const changed = { 200: productImageAnswer, ...refusals };
  const removed = { 200: productAnswerOnly, ...refusals };

  api.post(
    PRODUCT_IMAGES_PATH,
    {
      schema: { params: productParams, response: added },
      // One photo of up to 20 MB per upload, counted again while it streams in.
      config: {
        policy: {
          limit: 'admin',
          body: 'multipart',
          sameOrigin: true,
          maxBodyBytes: PHOTO_LIMITS.maxUploadBodyBytes,
        },
      },
    },
    async (request, reply) => {
      const declared = Number(request.headers['content-length']);
      if (Number.isFinite(declared) && declared > PHOTO_LIMITS.maxUploadBodyBytes) {
        return refuse(reply, new PhotoRefusal(413, PHOTO_MESSAGES.tooLarge));
      }
      const { id } = request.params;
      if (!(await port.getAdminProduct(id))) return notFound(reply, PRODUCT_IMAGE_MESSAGES.productNotFound);

      let upload: Upload;
      try {
        upload = await readUpload(request);
      } catch (err) {
        const refusal = multipartRefusal(err);
        if (refusal) return refuse(reply, refusal);
        throw err;
      }
      if (!upload.file || upload.file.length === 0) {
        return reply.code(400).send({ ok: false, error: PHOTO_MESSAGES.missingFile });
      }
      const alt = validateField(altText, upload.alt, 'alt');
      if (!alt.ok) return reply.code(400).send({ ok: false, error: alt.message });

      let photo: Awaited<ReturnType<PhotoPipeline['process']>>;
      try {
        photo = await pipeline.process(upload.file);
      } catch (err) {
        if (err instanceof PhotoRefusal) {
          request.log.info({ status: err.status, bytes: upload.file.length }, 'photo refused');
          return refuse(reply, err);
        }
        throw err;
      }
      await store.save(photo);
      const image: ProductImage = {
        id: photo.id,
        base: mediaBase(photo.id),
        widths: IMAGE_KINDS.product.widths,
        width: photo.width,
        height: photo.height,
        alt: alt.value,
        placeholder: photo.placeholder,
      };
      // A product removed meanwhile leaves the rows unreferenced: the retention pass deletes them.
      const added = await port.addProductImage(id, image, ownerActor(request));
      if (!added) return notFound(reply, PRODUCT_IMAGE_MESSAGES.productNotFound);
      request.log.info({ product: id, image: photo.id }, 'photo added');
      return reply.code(201).send({ ok: true, product: added.product, image: added.image });
    },
  );

  api.patch(
    PRODUCT_IMAGE_PATH,
    // Alt text and position as JSON.
    {
      schema: { params: imageParams, body: imagePatch, response: changed },
      config: { policy: DESK_ACTION_POLICY },
    },
    async (request, reply) => {
      const { id, imageId } = request.params;
      if (!(await port.getAdminProduct(id))) return notFound(reply, PRODUCT_IMAGE_MESSAGES.productNotFound);
      const changed = await port.updateProductImage(id, imageId, request.body, ownerActor(request));
      if (!changed) return notFound(reply, PRODUCT_IMAGE_MESSAGES.imageNotFound);
      return reply.send({ ok: true, product: changed.product, image: changed.image });
    },
  );

  api.delete(
    PRODUCT_IMAGE_PATH,
    // A removal has no body.
    {
      schema: { params: imageParams, response: removed },
      config: { policy: { limit: 'admin', body: 'json-or-empty', sameOrigin: true, maxBodyBytes: 1 * KIB } },
    },
    async (request, reply) => {
      const { id, imageId } = request.params;
      if (!(await port.getAdminProduct(id))) return notFound(reply, PRODUCT_IMAGE_MESSAGES.productNotFound);
      const product = await port.removeProductImage(id, imageId, ownerActor(request));
      if (!product) return notFound(reply, PRODUCT_IMAGE_MESSAGES.imageNotFound);
      // The rows stay: a past order may show the photo; retention deletes them once nothing does.
      return reply.send({ ok: true, product });
    },
  );
}
