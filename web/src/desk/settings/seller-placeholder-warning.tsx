/**
 * Today's warning while the seller's legal name or address is still the first start's placeholder: the
 * legal pages, the footer and every confirmation e-mail name the seller, as EU consumer law requires.
 * Today waits for the answer before it shows its work, so the warning never pushes the work (and a button
 * about to be tapped) down when it arrives. Silent when the settings cannot be read (Today shows its own
 * errors) and for a maker (the seller's settings are the owner's to read and fix).
 */
import { SELLER } from '../../../../domain/config';
import { settingsHref } from '../routes/settings';
import { useDeskData } from '../ui/desk-hooks';
import { settingsApi } from './settings-api';

export function isPlaceholderSeller(seller: { readonly name: string; readonly address: string }): boolean {
  return seller.name === SELLER.legalName || seller.address === SELLER.address;
}

/** Whether to warn: 'loading' until the settings answered (never asked for a maker). */
export function useSellerPlaceholder(owner: boolean): boolean | 'loading' {
  const [loaded] = useDeskData(owner ? 'seller-placeholder' : 'seller-placeholder-not-asked', () =>
    owner ? settingsApi.read() : Promise.resolve(null),
  );
  if (loaded.state === 'loading') return 'loading';
  return loaded.state === 'ready' && loaded.data !== null && isPlaceholderSeller(loaded.data.seller);
}

export function SellerPlaceholderWarning() {
  return (
    <div role="alert" className="mt-4 rounded-2xl border border-danger bg-white p-4 text-sm">
      <p className="font-medium">Your legal name or address is still the placeholder.</p>
      <p className="mt-1">
        The legal pages, the footer and every confirmation e-mail show it where the law asks for the seller’s
        identity.{' '}
        <a
          href={settingsHref.settings()}
          className="inline-flex min-h-6 items-center underline hover:text-wine"
        >
          Set them in Settings
        </a>
        .
      </p>
    </div>
  );
}
