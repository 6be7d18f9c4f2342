/** The legal pages' seller texts, from the identity features/seller-footer.ts reads. */
import { sellerTexts } from '../../../domain/seller-texts';
import { SELLER } from './seller-footer';

export const SELLER_TEXTS = sellerTexts(SELLER);
