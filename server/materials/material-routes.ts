/**
 * The owner's materials (docs/product/materials.md §23), under /api/admin/ like the rest of the desk:
 * - GET /api/admin/materials -> { materials } (makers too: what is on the bench)
 * - POST /api/admin/materials { name, unit, onHand, lowStock } -> 201 { material }
 * - PATCH /api/admin/materials/{id} -> { material } (a count below what is reserved: 400 naming onHand)
 * - POST /api/admin/materials/{id}/purchases { quantity, cost } -> 201 { material } (owner only: makers
 *   may read but not buy)
 * - GET/POST /api/admin/materials.csv: the list as CSV, and its all-or-nothing import
 * - GET/PUT /api/admin/materials/settings: hourly rate, packaging, multiplier
 * - GET/PUT /api/admin/products/{id}/materials: the bill of materials per size with buildable and cost
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  billOfMaterialsAnswerSchema,
  billOfMaterialsSchema,
  costSettingsAnswerSchema,
  costSettingsSchema,
  MATERIALS_API,
  materialAnswerSchema,
  materialCreateSchema,
  materialImportAnswerSchema,
  materialListAnswerSchema,
  materialPatchSchema,
  purchaseSchema,
} from '../../domain/materials/materials-api';
import { DESK_ACTION_POLICY, KIB, noIndexReplies } from '../security/route-policy';
import type { MaterialService } from './material-service';

const byId = z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) });
const CSV_BYTES_MAX = 1024 * KIB;

export async function materialRoutes(
  app: FastifyInstance,
  opts: { service: MaterialService },
): Promise<void> {
  const { service } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();
  noIndexReplies(app);
  if (!app.hasContentTypeParser('text/csv'))
    app.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: CSV_BYTES_MAX }, (_r, body, done) =>
      done(null, body),
    );

  api.get(
    MATERIALS_API.materials,
    { schema: { response: { 200: materialListAnswerSchema } }, config: { forMakers: true } },
    async (_request, reply) =>
      reply.header('Cache-Control', 'no-store').send({ ok: true, materials: await service.list() }),
  );

  api.post(
    MATERIALS_API.materials,
    {
      schema: { body: materialCreateSchema, response: { 201: materialAnswerSchema } },
      config: { policy: DESK_ACTION_POLICY },
    },
    async (request, reply) =>
      reply.code(201).send({ ok: true, material: await service.create(request.body) }),
  );

  api.patch(
    `${MATERIALS_API.materials}/:id`,
    {
      schema: { params: byId, body: materialPatchSchema, response: { 200: materialAnswerSchema } },
      config: { policy: DESK_ACTION_POLICY },
    },
    async (request, reply) =>
      reply.send({ ok: true, material: await service.patch(request.params.id, request.body) }),
  );

  api.post(
    `${MATERIALS_API.materials}/:id/purchases`,
    {
      schema: { params: byId, body: purchaseSchema, response: { 201: materialAnswerSchema } },
      config: { policy: DESK_ACTION_POLICY },
    },
    async (request, reply) =>
      reply.code(201).send({ ok: true, material: await service.purchase(request.params.id, request.body) }),
  );

  app.get(MATERIALS_API.csv, { config: { forMakers: true } }, async (_request, reply) =>
    reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', 'attachment; filename="solas-materials.csv"')
      .send(await service.exportCsv()),
  );

  api.post(
    MATERIALS_API.csv,
    {
      schema: { response: { 200: materialImportAnswerSchema } },
      config: { policy: { limit: 'admin', body: 'csv', sameOrigin: true, maxBodyBytes: CSV_BYTES_MAX } },
    },
    async (request, reply) => {
      const text = typeof request.body === 'string' ? request.body : '';
      return reply.send({ ok: true, ...(await service.importCsv(text)) });
    },
  );

  api.get(
    MATERIALS_API.settings,
    { schema: { response: { 200: costSettingsAnswerSchema } } },
    async (_request, reply) => reply.send({ ok: true, settings: await service.settings() }),
  );

  api.put(
    MATERIALS_API.settings,
    {
      schema: { body: costSettingsSchema, response: { 200: costSettingsAnswerSchema } },
      config: { policy: DESK_ACTION_POLICY },
    },
    async (request, reply) => reply.send({ ok: true, settings: await service.saveSettings(request.body) }),
  );

  api.get(
    '/api/admin/products/:id/materials',
    { schema: { params: byId, response: { 200: billOfMaterialsAnswerSchema } }, config: { forMakers: true } },
    async (request, reply) => reply.send(await service.billOfMaterials(request.params.id)),
  );

  api.put(
    '/api/admin/products/:id/materials',
    {
      schema: { params: byId, body: billOfMaterialsSchema, response: { 200: billOfMaterialsAnswerSchema } },
      config: { policy: { ...DESK_ACTION_POLICY, maxBodyBytes: 64 * KIB } },
    },
    async (request, reply) => reply.send(await service.setBillOfMaterials(request.params.id, request.body)),
  );
}
