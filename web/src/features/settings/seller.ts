/** The legal pages' seller texts, from the identity features/settings/seller-footer.ts reads. */
import { sellerTexts } from '../../../../domain/settings/seller-texts';
import { SELLER } from './seller-footer';

export const SELLER_TEXTS = sellerTexts(SELLER);
