/**
 * The label provider's port (docs/product/shipping.md §22): what the shop asks of a carrier's API, so a second
 * provider fills the same two calls. ShipEngine (./shipengine-provider.ts) with a key; the built-in TEST
 * provider (./test-label-provider.ts) without one, as the TEST checkout stands in for Stripe.
 */
import type { CustomsItem } from '../../domain/customs/customs-items';
import type { Carrier } from '../../domain/orders/admin-api';

export type { CustomsItem };

export interface LabelAddress {
  readonly name: string;
  readonly line1: string;
  readonly line2: string | null;
  readonly city: string;
  readonly state: string | null;
  readonly postalCode: string | null;
  /** ISO 3166-1 alpha-2. */
  readonly country: string;
}

export interface LabelRequest {
  /** The order's reference: the label's own reference at the carrier, and its idempotency. */
  readonly reference: string;
  readonly shipTo: LabelAddress;
  readonly shipFrom: LabelAddress;
  readonly weightGrams: number;
  /** Null inside the EU. */
  readonly customs: readonly CustomsItem[] | null;
}

export interface BoughtLabel {
  readonly providerLabelId: string;
  readonly carrier: Carrier;
  readonly trackingNumber: string;
  /** The carrier's tracking page; null: the shop's carrier pattern fills it in. */
  readonly trackingUrl: string | null;
  readonly pdf: Buffer;
}

export interface LabelProvider {
  /** 'shipengine' or 'test': stored with each label. */
  readonly name: string;
  /** Buys one label; throws LabelProviderError when the provider refuses or cannot be reached. */
  buy(request: LabelRequest): Promise<BoughtLabel>;
  /** Voids a bought label; `approved` false with the provider's reason when it will not. */
  void(providerLabelId: string): Promise<{ readonly approved: boolean; readonly message: string }>;
}

/** A provider refused or failed: the label was not bought (the shop answers 502 naming why). */
export class LabelProviderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LabelProviderError';
  }
}

/**
 * The seller's one-line address from Settings ("Unit 4, Quay Street, Galway, H91 AB12, Ireland") as a
 * label's sender: the first part is the street, the part before the last the town; always from Ireland.
 */
export function senderAddress(name: string, address: string): LabelAddress {
  const parts = address
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p.length > 0 && !/^ireland$/i.test(p));
  const eircode = parts.find((p) => /^[AC-FHKNPRTV-Y]\d{2}\s?[0-9AC-FHKNPRTV-Y]{4}$/i.test(p)) ?? null;
  const rest = parts.filter((p) => p !== eircode);
  return {
    name,
    line1: rest[0] ?? address,
    line2: rest.length > 2 ? rest.slice(1, -1).join(', ') : null,
    city: rest.length > 1 ? (rest[rest.length - 1] ?? '') : '',
    state: null,
    postalCode: eircode,
    country: 'IE',
  };
}
