/**
 * The desk's calls of the labels' routes (docs/product/shipping.md §22): buy, what the order's label is,
 * void. The PDFs are plain links (the label's `url`, today's batch), opened in a new tab to print.
 */
import * as z from 'zod/mini';
import {
  labelInfoPath,
  labelPath,
  labelResponseSchema,
  orderLabelSchema,
} from '../../../../domain/shipping/shipping';
import { deskCall } from '../desk-api';

export const labelApi = {
  buy: (reference: string) => deskCall('POST', labelPath(reference), labelResponseSchema),
  info: (reference: string) => deskCall('GET', labelInfoPath(reference), orderLabelSchema),
  void: (reference: string) => deskCall('DELETE', labelPath(reference), z.object({ ok: z.literal(true) })),
};
