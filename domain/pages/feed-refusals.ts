/**
 * What the shopping channels would refuse of the products the feeds carry (docs/product/feeds.md §18.1),
 * and why, so that no product is kept out of a channel without the owner being told: the desk's Products
 * screen lists them. A product the owner retired or left out of the feeds herself is not listed (her
 * choice); one without a photo is left out of every feed until it has one.
 */

export const FEED_CHANNELS = ['Google', 'Meta', 'Pinterest'] as const;
export type FeedChannel = (typeof FEED_CHANNELS)[number];

export const FEED_REFUSAL_REASONS = {
  noPhoto: 'No photo: it is left out of the feeds until it has one',
  noColour: 'No colour: Google’s free listings refuse jewellery without one',
  noDescription: 'No description: every channel asks for one',
} as const;

/** The product's fields the channels' rules read (the desk's AdminProduct has them all). */
export interface FeedCheckedProduct {
  readonly id: string;
  readonly name: string;
  readonly status: 'active' | 'paused' | 'retired';
  readonly colour?: string | null;
  readonly excludeFromFeeds?: boolean;
  readonly description: string;
  readonly fullDescription?: string;
  readonly images: readonly unknown[];
}

export interface FeedRefusal {
  readonly productId: string;
  readonly name: string;
  readonly channels: readonly FeedChannel[];
  readonly reason: string;
}

/** Each reason a channel would refuse a product, in the products' order; none when all take them all. */
export function feedRefusals(products: readonly FeedCheckedProduct[]): FeedRefusal[] {
  return products
    .filter((p) => p.status !== 'retired' && p.excludeFromFeeds !== true)
    .flatMap((p) => {
      const refusal = (channels: readonly FeedChannel[], reason: string): FeedRefusal => ({
        productId: p.id,
        name: p.name,
        channels,
        reason,
      });
      const out: FeedRefusal[] = [];
      if (p.images.length === 0) out.push(refusal(FEED_CHANNELS, FEED_REFUSAL_REASONS.noPhoto));
      if (!(p.colour ?? '').trim()) out.push(refusal(['Google'], FEED_REFUSAL_REASONS.noColour));
      if (!p.description.trim() && !(p.fullDescription ?? '').trim())
        out.push(refusal(FEED_CHANNELS, FEED_REFUSAL_REASONS.noDescription));
      return out;
    });
}
