/**
 * The owner's settings as the catalogue snapshot carries them to every page (docs/product/desk.md §10.14):
 * the shapes only. They sit with the snapshot, under settings, so the catalogue never imports upward;
 * domain/settings/storefront-settings.ts gives their defaults and the rules that read them.
 */
import type { ZoneId } from '../config';

/** The footer's links to her pages elsewhere, each a full https address; an empty one is not shown. */
export interface StorefrontSocial {
  readonly instagram: string;
  readonly facebook: string;
  readonly pinterest: string;
}

export interface StorefrontZone {
  readonly id: ZoneId;
  readonly name: string;
  readonly countries: readonly string[];
  /** Cents. */
  readonly price: number;
  /** Cents of items from which shipping is free; null: never. */
  readonly freeFrom: number | null;
}

/** A closure as shoppers see it: dates YYYY-MM-DD, and the reason the banner gives. */
export interface StorefrontClosure {
  readonly from: string;
  readonly to: string;
  readonly reason: string;
}

export interface StorefrontSettings {
  readonly shipping: { readonly zones: readonly StorefrontZone[] };
  readonly closures: readonly StorefrontClosure[];
  /** 1 = Monday ... 7 = Sunday. */
  readonly workingDays: readonly number[];
  /** The owner's own last order date for Christmas (YYYY-MM-DD), where earlier than the computed; null: none. */
  readonly christmasLastOrder: string | null;
  readonly away: {
    readonly mode: 'off' | 'keep-selling' | 'pause-sales';
    /** YYYY-MM-DD; null while open. */
    readonly until: string | null;
    readonly message: string;
  };
  readonly announcement: {
    readonly text: string;
    readonly enabled: boolean;
    /** What a dismissal remembers (announcementKey): worked out by the server, so no page carries the hash. */
    readonly key?: string;
  };
  /** The footer's links to her pages elsewhere, each a full https address; an empty one is not shown. */
  readonly social: StorefrontSocial;
  /**
   * The duty a US buyer pays the carrier at the door, in percent of the value, as the owner set it in
   * Settings (docs/product/customs.md): the cart and the checkout dialog say it before paying.
   */
  readonly usDutyPercent?: number;
  /**
   * The server's input: when the seller or the zones last changed (ISO instant); the snapshot carries
   * the Irish date of it (YYYY-MM-DD), the legal pages' "Last updated" when later than their text's.
   */
  readonly legalUpdatedAt?: string | null;
}
