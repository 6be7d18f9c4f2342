/**
 * The last words of every seeded Full Details text, right below the product page's size picker: every size
 * is made to order and chosen there (docs/product/sizes.md §13.1), so the text names the picker's sizes. The
 * listing's search leaves it out: it would make "large" or "size" find every bracelet.
 */
import { SIZES } from '../config';

const SIZE_NAMES = SIZES.map((s) => s.name);

export const MADE_IN_YOUR_SIZE = `Made to order in the size you choose: ${SIZE_NAMES.slice(0, -1).join(', ')} or ${SIZE_NAMES.at(-1)} (see the size guide).`;
