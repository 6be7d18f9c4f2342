/** The desk's calls to the newsletter API (domain/newsletter/campaigns.ts), every answer parsed. */

import * as z from 'zod/mini';
import { PRODUCTS_API } from '../../../../domain/catalogue/product-admin';
import { PRODUCT_STATUSES } from '../../../../domain/catalogue/snapshot';
import {
  CAMPAIGNS_API,
  type CampaignCreate,
  type CampaignPatch,
  campaignPath,
  campaignPreviewResponseSchema,
  campaignResponseSchema,
  campaignsResponseSchema,
  subscriberPath,
  subscribersResponseSchema,
} from '../../../../domain/newsletter/campaigns';
import { IDEMPOTENCY_KEY_HEADER } from '../../../../domain/orders/admin-api';
import { okResponseSchema } from '../../../../domain/shared/answers';
import { deskCall } from '../desk-api';

/** What a product block needs of the owner's products: the picker lists them by name and price. */
const productsSchema = z.object({
  products: z.array(
    z.object({ id: z.string(), name: z.string(), price: z.number(), status: z.enum(PRODUCT_STATUSES) }),
  ),
});
export type PickableProduct = z.infer<typeof productsSchema>['products'][number];

const keyed = (submission: string) => ({ [IDEMPOTENCY_KEY_HEADER]: submission });

export const newsletterApi = {
  campaigns: () => deskCall('GET', CAMPAIGNS_API.campaigns, campaignsResponseSchema).then((r) => r.campaigns),
  campaign: (id: string) => deskCall('GET', campaignPath(id), campaignResponseSchema).then((r) => r.campaign),
  create: (body: CampaignCreate, submission: string) =>
    deskCall('POST', CAMPAIGNS_API.campaigns, campaignResponseSchema, body, keyed(submission)).then(
      (r) => r.campaign,
    ),
  update: (id: string, body: CampaignPatch, submission: string) =>
    deskCall('PATCH', campaignPath(id), campaignResponseSchema, body, keyed(submission)).then(
      (r) => r.campaign,
    ),
  preview: (id: string) =>
    deskCall('GET', `${campaignPath(id)}/preview`, campaignPreviewResponseSchema).then((r) => r.preview),
  test: (id: string, submission: string) =>
    deskCall('POST', campaignPath(id, 'test'), campaignResponseSchema, undefined, keyed(submission)),
  send: (id: string, at: string | null, submission: string) =>
    deskCall(
      'POST',
      campaignPath(id, 'send'),
      campaignResponseSchema,
      at ? { at } : {},
      keyed(submission),
    ).then((r) => r.campaign),
  products: () => deskCall('GET', PRODUCTS_API.products, productsSchema).then((r) => r.products),
  subscribers: (q: string) =>
    deskCall(
      'GET',
      q ? `${CAMPAIGNS_API.subscribers}?q=${encodeURIComponent(q)}` : CAMPAIGNS_API.subscribers,
      subscribersResponseSchema,
    ),
  removeSubscriber: (email: string, submission: string) =>
    deskCall('DELETE', subscriberPath(email), okResponseSchema, undefined, keyed(submission)),
};
