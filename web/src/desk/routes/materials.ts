/** The materials and a product's bill of materials. Parsed and written here alone (docs/architecture.md). */
import type { DeskRouteParser } from '../desk-router';

declare module '../desk-router' {
  interface DeskRoutes {
    materials: { readonly id: 'materials' };
    billOfMaterials: { readonly id: 'billOfMaterials'; readonly productId: string };
  }
}

export const materialsHref = {
  materials: () => '#/materials',
  billOfMaterials: (productId: string) => `#/materials/product/${encodeURIComponent(productId)}`,
};

export const parseMaterialsHash: DeskRouteParser = (parts) => {
  if (parts[0] !== 'materials') return null;
  if (parts.length === 1) return { id: 'materials' };
  if (parts[1] === 'product' && parts[2] && parts.length === 3)
    return { id: 'billOfMaterials', productId: parts[2] };
  return null;
};
