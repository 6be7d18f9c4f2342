/**
 * URLs of a product picture's renditions, from its ProductImage record alone (drawn pictures under /img,
 * photos under /media): `${base}-${width}.${format}` for each width and format.
 */
import type { ImageFormat } from '../media/images';
import type { ProductImage } from './snapshot';

export function renditionUrl(image: ProductImage, width: number, format: ImageFormat): string {
  return `${image.base}-${width}.${format}`;
}

export function imageSrcSet(image: ProductImage, format: ImageFormat): string {
  return image.widths.map((w) => `${renditionUrl(image, w, format)} ${w}w`).join(', ');
}

/** The largest rendition, for social cards, structured data and the cart's line pictures at 2x. */
export function largestRenditionUrl(image: ProductImage, format: ImageFormat = 'webp'): string {
  return renditionUrl(image, image.widths.at(-1) ?? image.width, format);
}

/** The smallest rendition at least `width` pixels wide (the largest if none is): for fixed-size thumbnails. */
export function renditionAtLeast(image: ProductImage, width: number, format: ImageFormat): string {
  const w = image.widths.find((candidate) => candidate >= width) ?? image.widths.at(-1) ?? image.width;
  return renditionUrl(image, w, format);
}
