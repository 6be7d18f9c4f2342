/**
 * The seller's name, address and contact e-mail as every page's footer shows them, read from
 * /runtime-env.js. A module of its own: the shell carries it, and nothing else of domain/settings/seller.ts
 * (the VAT details and the names the server writes), since a module shared with the legal pages' chunk
 * would sit whole in the shell (the home page's JS budget is full).
 */
import { BRAND, SELLER } from '../config';

/** Who the seller is and how to reach her: what every page's footer shows (the shell carries only this). */
export interface SellerContact {
  readonly legalName: string;
  readonly address: string;
  /** The contact e-mail shown to shoppers (the settings' `seller.email`). */
  readonly email: string;
}

// The names written out (SELLER_ENV's), so that the shell does not carry the whole SELLER_ENV object.
export function sellerContactFromEnv(env: Readonly<Record<string, string>> | undefined): SellerContact {
  return {
    legalName: env?.SELLER_NAME || SELLER.legalName,
    address: env?.SELLER_ADDRESS || SELLER.address,
    email: env?.SELLER_EMAIL || BRAND.contactEmail,
  };
}

/** The footer's line; on its own so that the shell (every page's footer) carries none of the other texts. */
export function sellerFooter(seller: SellerContact): string {
  return `${seller.legalName}, ${seller.address}`;
}
