/**
 * ShipEngine (the ShipStation API) as the label provider (docs/product/shipping.md §22), with plain fetch:
 * `POST {url}/v1/labels` with the `API-Key` header buys a label for a shipment (ship_to from the order,
 * the parcel's weight in grams, and outside the EU its customs items), the PDF is fetched from the answer's
 * `label_download.pdf`; `PUT {url}/v1/labels/{id}/void` voids it. The order's reference is the shipment's
 * external id, so the carrier's records name the order.
 */

import { carrierOfCode } from '../../domain/shipping/shipping';
import type { ShipEngineConfig } from '../config';
import {
  type BoughtLabel,
  type LabelAddress,
  type LabelProvider,
  LabelProviderError,
  type LabelRequest,
} from './label-provider';

const TIMEOUT_MS = 20_000;

function address(a: LabelAddress) {
  return {
    name: a.name,
    address_line1: a.line1,
    ...(a.line2 ? { address_line2: a.line2 } : {}),
    city_locality: a.city,
    ...(a.state ? { state_province: a.state } : {}),
    postal_code: a.postalCode ?? '',
    country_code: a.country,
  };
}

/** The body of `POST /v1/labels`: exported so the tests read the same shape the provider sends. */
export function labelBody(request: LabelRequest, carrierId: string | null) {
  const customs = request.customs;
  return {
    label_format: 'pdf',
    label_layout: '4x6',
    external_shipment_id: request.reference,
    shipment: {
      ...(carrierId ? { carrier_id: carrierId } : {}),
      external_shipment_id: request.reference,
      ship_to: address(request.shipTo),
      ship_from: address(request.shipFrom),
      packages: [{ weight: { value: request.weightGrams, unit: 'gram' } }],
      ...(customs
        ? {
            customs: {
              contents: 'merchandise',
              non_delivery: 'return_to_sender',
              customs_items: customs.map((item) => ({
                description: item.description,
                quantity: item.quantity,
                // Per piece, as ShipEngine's customs item is; money as a decimal amount with its currency.
                value: { amount: item.unitValueCents / 100, currency: item.currency.toLowerCase() },
                harmonized_tariff_code: item.hsCode,
                country_of_origin: item.originCountry,
                weight: { value: item.unitWeightGrams, unit: 'gram' },
              })),
            },
          }
        : {}),
    },
  };
}

interface LabelAnswer {
  label_id?: string;
  tracking_number?: string;
  carrier_code?: string;
  tracking_url?: string | null;
  label_download?: { pdf?: string; href?: string };
}

export class ShipEngineProvider implements LabelProvider {
  readonly name = 'shipengine';

  constructor(private readonly config: ShipEngineConfig & { readonly apiKey: string }) {}

  private async call(method: string, path: string, body?: unknown): Promise<Response> {
    try {
      return await fetch(`${this.config.url}${path}`, {
        method,
        headers: { 'API-Key': this.config.apiKey, 'content-type': 'application/json' },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      throw new LabelProviderError(`ShipEngine could not be reached: ${(err as Error).message}`);
    }
  }

  async buy(request: LabelRequest): Promise<BoughtLabel> {
    const res = await this.call('POST', '/v1/labels', labelBody(request, this.config.carrierId));
    const answer = (await res.json().catch(() => ({}))) as LabelAnswer & {
      errors?: { message?: string }[];
    };
    if (!res.ok) {
      const why = answer.errors?.map((e) => e.message).join('; ') || `status ${res.status}`;
      throw new LabelProviderError(`ShipEngine refused the label: ${why}`);
    }
    const pdfUrl = answer.label_download?.pdf ?? answer.label_download?.href;
    if (!answer.label_id || !answer.tracking_number || !pdfUrl)
      throw new LabelProviderError('ShipEngine answered a label without its id, tracking number or PDF');
    const pdf = await fetch(pdfUrl, {
      headers: { 'API-Key': this.config.apiKey },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    }).catch((err: Error) => {
      throw new LabelProviderError(`The label's PDF could not be fetched: ${err.message}`);
    });
    if (!pdf.ok) throw new LabelProviderError(`The label's PDF could not be fetched: status ${pdf.status}`);
    return {
      providerLabelId: answer.label_id,
      carrier: carrierOfCode(answer.carrier_code ?? ''),
      trackingNumber: answer.tracking_number,
      trackingUrl: answer.tracking_url?.startsWith('https://') ? answer.tracking_url : null,
      pdf: Buffer.from(await pdf.arrayBuffer()),
    };
  }

  async void(providerLabelId: string): Promise<{ approved: boolean; message: string }> {
    const res = await this.call('PUT', `/v1/labels/${encodeURIComponent(providerLabelId)}/void`);
    const answer = (await res.json().catch(() => ({}))) as { approved?: boolean; message?: string };
    if (!res.ok) throw new LabelProviderError(`ShipEngine refused the void: status ${res.status}`);
    return { approved: answer.approved === true, message: answer.message ?? '' };
  }
}
