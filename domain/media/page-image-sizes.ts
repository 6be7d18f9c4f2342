/**
 * `sizes` of the images that can be the LCP element of the shop listing and the product page (the home
 * page's hero is ./images.ts's LCP_SIZES). The page components and the prerenderer's <link rel="preload">
 * use the same strings, so the browser preloads exactly the rendition it will use. A module apart from
 * ./images.ts, which every page loads: only these pages need these strings.
 */

/** Cards of the shop listing (2 columns on a phone, 3 from 640 px, 270 px wide from 1024 px). */
export const LISTING_CARD_SIZES = '(min-width: 1024px) 270px, (min-width: 640px) 31vw, 47vw';

/**
 * The product page's main image: half of the page's 72rem column less its gap from 1024 px, 80vw from
 * 640 px, and the width less the page's 1rem margins on a phone. The margins matter: on a 412 px phone at
 * DPR 1.75, '100vw' asks for 721 device pixels, one more than the 720 rendition, and the browser took
 * the 1080 one (twice the bytes) for an image 380 px wide.
 */
export const PRODUCT_GALLERY_SIZES =
  '(min-width: 1152px) 536px, (min-width: 1024px) calc(50vw - 40px), (min-width: 640px) 80vw, calc(100vw - 2rem)';
