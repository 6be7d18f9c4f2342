/** The desk's calls of the materials' routes, each answer checked against the shared schemas. */
import * as z from 'zod/mini';
import { adminProductsResponseSchema, PRODUCTS_API } from '../../../../domain/catalogue/product-admin';
import {
  billOfMaterialsAnswerSchema,
  MATERIALS_API,
  materialSchema,
} from '../../../../domain/materials/materials-api';
import { IDEMPOTENCY_KEY_HEADER } from '../../../../domain/orders/admin-api';
import { deskCall, RawBody } from '../desk-api';

const listSchema = z.object({ ok: z.literal(true), materials: z.array(materialSchema) });
const oneSchema = z.object({ ok: z.literal(true), material: materialSchema });
const settingsSchema = z.object({
  ok: z.literal(true),
  settings: z.object({ hourlyRate: z.number(), packaging: z.number(), multiplier: z.number() }),
});
const importSchema = z.object({ ok: z.literal(true), created: z.number(), updated: z.number() });

const keyed = (submission: string) => ({ [IDEMPOTENCY_KEY_HEADER]: submission });
const materialPath = (id: string) => `${MATERIALS_API.materials}/${encodeURIComponent(id)}`;

export const materialsApi = {
  list: () => deskCall('GET', MATERIALS_API.materials, listSchema).then((r) => r.materials),
  create: (body: object, submission: string) =>
    deskCall('POST', MATERIALS_API.materials, oneSchema, body, keyed(submission)),
  patch: (id: string, body: object, submission: string) =>
    deskCall('PATCH', materialPath(id), oneSchema, body, keyed(submission)),
  purchase: (id: string, body: { quantity: number; cost: number }, submission: string) =>
    deskCall('POST', `${materialPath(id)}/purchases`, oneSchema, body, keyed(submission)),
  importCsv: (text: string, submission: string) =>
    deskCall('POST', MATERIALS_API.csv, importSchema, new RawBody(text, 'text/csv'), keyed(submission)),
  settings: () => deskCall('GET', MATERIALS_API.settings, settingsSchema).then((r) => r.settings),
  saveSettings: (body: object, submission: string) =>
    deskCall('PUT', MATERIALS_API.settings, settingsSchema, body, keyed(submission)),
  /** The products, to open each one's bill of materials. */
  products: () =>
    deskCall('GET', PRODUCTS_API.products, adminProductsResponseSchema).then((r) =>
      r.products.map((p) => ({ id: p.id, name: p.name, status: p.status })),
    ),
  bill: (productId: string) =>
    deskCall(
      'GET',
      MATERIALS_API.productMaterials(encodeURIComponent(productId)),
      billOfMaterialsAnswerSchema,
    ),
  saveBill: (productId: string, body: object, submission: string) =>
    deskCall(
      'PUT',
      MATERIALS_API.productMaterials(encodeURIComponent(productId)),
      billOfMaterialsAnswerSchema,
      body,
      keyed(submission),
    ),
};
