/**
 * Owner-only server actions of the internal tools. Today: POST /api/admin/hero-image/edit.
 *
 * Order of checks, cheapest first and before the (up to 11 MB) body is read: the request guard's rate
 * limits (the admin limit and the editor's own cap, security/route-policy.ts), then the owner's
 * authentication (security/owner-auth.ts: `Authorization: Bearer ADMIN_TOKEN` or the desk's session), then
 * the body. Every refusal caused by the
 * request is a 4xx with a JSON `error`; only a failing hosted engine gives 502.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  checkImageDataUrl,
  IMAGE_EDIT_LIMITS,
  IMAGE_EDIT_MAX_BODY_BYTES,
  IMAGE_EDIT_MESSAGES,
  IMAGE_EDIT_PATH,
  imageEditRefusalSchema,
  imageEditRequestSchema,
  imageEditResponseSchema,
} from '../../domain/media/image-edit';
import type { AppConfig } from '../config';
import { refuse } from '../lib/refusal';
import type { RoutePolicy } from '../security/route-policy';
import { ConcurrencyGate } from './concurrency-gate';
import { type ImageEditEngine, ImageEngineError, ImageInputError } from './engine';
import { createHostedEngine } from './hosted-engine';
import { createOfflineEngine } from './offline-engine';

/** Edits at once per process; more wait for a retry rather than queueing CPU work. */
const MAX_CONCURRENT_EDITS = 2;

export interface AdminRouteOptions {
  readonly config: AppConfig;
  /** Tests inject an engine; otherwise the hosted API when configured, else the offline engine. */
  readonly engine?: ImageEditEngine;
}

function selectEngine(config: AppConfig): ImageEditEngine {
  const api = config.admin.imageEditApi;
  return api ? createHostedEngine({ url: api.url, key: api.key }) : createOfflineEngine();
}

export async function adminRoutes(app: FastifyInstance, opts: AdminRouteOptions): Promise<void> {
  const { config } = opts;
  const engine = opts.engine ?? selectEngine(config);
  const gate = new ConcurrencyGate(MAX_CONCURRENT_EDITS);

  const route = {
    config: {
      ownerUnauthorized: IMAGE_EDIT_MESSAGES.unauthorized,
      // Each edit is CPU work (or a paid API call): at most a few a minute per client, failed tokens included.
      policy: {
        limit: 'admin',
        cap: {
          rule: {
            requests: IMAGE_EDIT_LIMITS.requestsPerWindow,
            perSeconds: IMAGE_EDIT_LIMITS.windowMs / 1000,
          },
          message: IMAGE_EDIT_MESSAGES.rateLimited,
        },
        body: 'json',
        sameOrigin: true,
        maxBodyBytes: IMAGE_EDIT_MAX_BODY_BYTES,
      } satisfies RoutePolicy,
    },
    schema: {
      body: imageEditRequestSchema,
      response: {
        200: imageEditResponseSchema,
        400: imageEditRefusalSchema,
        413: imageEditRefusalSchema,
        422: imageEditRefusalSchema,
        429: imageEditRefusalSchema,
      },
    },
  };

  app.withTypeProvider<ZodTypeProvider>().post(IMAGE_EDIT_PATH, route, async (request, reply) => {
    const checked = checkImageDataUrl(request.body.imageUrl);
    if (!checked.ok) {
      const status = checked.message === IMAGE_EDIT_MESSAGES.tooLarge ? 413 : 400;
      return reply.code(status).send({ ok: false, error: checked.message });
    }
    // Control characters have no meaning in an instruction and would only end up in logs.
    const instruction = request.body.editInstruction.replace(/[\p{Cc}\p{Cf}]+/gu, ' ').trim();
    const image = Buffer.from(checked.base64, 'base64');
    try {
      const result = await gate.run(() => engine.edit({ image, mime: checked.mime, instruction }));
      if (!result) {
        return reply
          .code(429)
          .header('Retry-After', '5')
          .send({ ok: false, error: IMAGE_EDIT_MESSAGES.busy });
      }
      const out = result.value;
      request.log.info(
        { engine: engine.name, applied: out.applied, notApplied: out.notApplied, bytes: out.image.length },
        'hero image edited',
      );
      return reply.send({
        editedImageUrl: `data:${out.mime};base64,${out.image.toString('base64')}`,
        applied: out.applied,
        notApplied: out.notApplied,
        engine: engine.name,
      });
    } catch (err) {
      if (err instanceof ImageInputError) {
        return reply.code(err.status).send({ ok: false, error: err.message, notApplied: err.notApplied });
      }
      if (err instanceof ImageEngineError) {
        request.log.error({ err }, 'image edit engine failed');
        refuse('upstream', IMAGE_EDIT_MESSAGES.engineFailed);
      }
      throw err;
    }
  });
}
